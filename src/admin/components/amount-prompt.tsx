import { Button, Input, Prompt } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { FormField } from "./form-field"
import { validateAmount } from "../lib/validation"

/**
 * A confirmation with an amount (change limit, recharge, withdraw): the operation runs only after the
 * amount is valid and the admin confirms.
 */
export const AmountPrompt = ({
  open,
  title,
  description,
  confirmText,
  currency,
  isPending,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  description: string
  confirmText: string
  currency?: string | null
  isPending: boolean
  onConfirm: (amount: string) => void
  onClose: () => void
}) => {
  const [amount, setAmount] = useState("")
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    if (open) {
      setAmount("")
      setError(undefined)
    }
  }, [open])
  const submit = () => {
    const problem = validateAmount(amount, currency ?? undefined)
    setError(problem ?? undefined)
    if (!problem) onConfirm(amount.trim())
  }
  return (
    <Prompt open={open} onOpenChange={(o) => !o && onClose()}>
      <Prompt.Content>
        <Prompt.Header>
          <Prompt.Title>{title}</Prompt.Title>
          <Prompt.Description>{description}</Prompt.Description>
        </Prompt.Header>
        <div className="px-6 pb-4">
          <FormField label={`Amount${currency ? ` (${currency})` : ""}`} name="amount" error={error}>
            <Input id="amount" name="amount" placeholder="0.00" value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
          </FormField>
        </div>
        <Prompt.Footer>
          <Prompt.Cancel onClick={onClose}>Cancel</Prompt.Cancel>
          <Button size="small" onClick={submit} isLoading={isPending} data-testid="amount-prompt-confirm">
            {confirmText}
          </Button>
        </Prompt.Footer>
      </Prompt.Content>
    </Prompt>
  )
}
