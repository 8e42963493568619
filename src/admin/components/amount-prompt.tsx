import { Button, Prompt } from "@medusajs/ui"
import { useMemo } from "react"
import { FormProvider } from "react-hook-form"
import { AdminCardAmountSchema } from "../../api/admin/gateway/schemas/cards"
import { useSchemaForm, withCurrency } from "../lib/form"
import { useIdempotencyKey } from "../lib/idempotency"
import { TextField } from "./form-field"

/**
 * A confirmation with an amount (a card's limit, recharge, withdraw; a group's refund): the operation runs
 * only after the amount passes the API's rule for it (`schema`, the route's body), with the currency's
 * decimals, and the admin confirms. Each opening of the prompt has its own idempotency key, given with every
 * confirm: a second click or a retry after an error is the same request, never a second transfer.
 */
export const AmountPrompt = ({
  title,
  description,
  confirmText,
  currency,
  schema: body = AdminCardAmountSchema,
  isPending,
  onConfirm,
  onClose,
}: {
  title: string
  description: string
  confirmText: string
  currency?: string | null
  schema?: typeof AdminCardAmountSchema
  isPending: boolean
  onConfirm: (amount: string, key: string) => void
  onClose: () => void
}) => {
  const schema = useMemo(() => withCurrency(body, "amount", currency), [body, currency])
  const form = useSchemaForm<{ amount: string }, typeof schema>(schema, { amount: "" })
  const key = useIdempotencyKey()
  return (
    <Prompt open onOpenChange={(o) => !o && onClose()}>
      <Prompt.Content>
        <FormProvider {...form}>
          <form onSubmit={form.handleSubmit(({ amount }) => onConfirm(amount, key))} noValidate>
            <Prompt.Header>
              <Prompt.Title>{title}</Prompt.Title>
              <Prompt.Description>{description}</Prompt.Description>
            </Prompt.Header>
            <div className="px-6 pb-4">
              <TextField
                name="amount"
                label={`Amount${currency ? ` (${currency})` : ""}`}
                placeholder="0.00"
                autoFocus
              />
            </div>
            <Prompt.Footer>
              <Prompt.Cancel onClick={onClose} type="button">
                Cancel
              </Prompt.Cancel>
              <Button size="small" type="submit" isLoading={isPending} data-testid="amount-prompt-confirm">
                {confirmText}
              </Button>
            </Prompt.Footer>
          </form>
        </FormProvider>
      </Prompt.Content>
    </Prompt>
  )
}
