import { Input, Select, Switch, Label, toast } from "@medusajs/ui"
import { useState } from "react"
import { CreateFormModal } from "../../../../components/create-form-modal"
import { FormField } from "../../../../components/form-field"
import { useCardholders } from "../../../../hooks/api/cardholders"
import { useCreateCards } from "../../../../hooks/api/cards"
import { useGroups } from "../../../../hooks/api/groups"
import { errorMessage } from "../../../../lib/format"
import { validateAmount, validateDate } from "../../../../lib/validation"

type Form = { cardholder_id: string; group_id: string; charge_amount: string; pieces: string; alias: string; start_date: string; end_date: string; shared: boolean; multi_use: boolean }
const EMPTY: Form = { cardholder_id: "", group_id: "", charge_amount: "", pieces: "1", alias: "", start_date: "", end_date: "", shared: false, multi_use: true }

/** AdminCreateCardsSchema's rules (the amount's decimals are checked against the group's currency). */
function validate(f: Form, currency?: string) {
  const e: Partial<Record<keyof Form, string>> = {}
  if (!f.cardholder_id) e.cardholder_id = "Choose a cardholder"
  if (!f.group_id) e.group_id = "Choose a card group"
  const amount = validateAmount(f.charge_amount, currency)
  if (amount) e.charge_amount = amount
  if (!/^\d+$/.test(f.pieces) || Number(f.pieces) < 1 || Number(f.pieces) > 50) e.pieces = "Enter a number of cards from 1 to 50"
  if (f.alias.length > 64) e.alias = "The alias must be at most 64 characters"
  if (f.start_date && validateDate(f.start_date)) e.start_date = validateDate(f.start_date)!
  if (f.end_date && validateDate(f.end_date)) e.end_date = validateDate(f.end_date)!
  if (!e.start_date && !e.end_date && f.start_date && f.end_date && f.end_date < f.start_date) e.end_date = "The end date must not be before the start date"
  return e
}

export const CreateCardsModal = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const cardholders = useCardholders({ status: "active", limit: 100 }, { enabled: open })
  const groups = useGroups({ status: "active", limit: 100 }, { enabled: open })
  const create = useCreateCards()
  const group = groups.data?.groups.find((g) => g.id === form.group_id)
  const set = (k: keyof Form, v: string | boolean) => setForm((f) => ({ ...f, [k]: v }))
  const close = (o: boolean) => {
    if (!o) {
      setForm(EMPTY)
      setErrors({})
    }
    onOpenChange(o)
  }
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault()
    const found = validate(form, group?.currency)
    setErrors(found)
    if (Object.keys(found).length) return
    create.mutate(
      {
        cardholder_id: form.cardholder_id,
        group_id: form.group_id,
        charge_amount: form.charge_amount.trim(),
        pieces: Number(form.pieces),
        ...(form.alias.trim() ? { alias: form.alias.trim() } : {}),
        ...(form.start_date ? { start_date: form.start_date } : {}),
        ...(form.end_date ? { end_date: form.end_date } : {}),
        shared: form.shared,
        multi_use: form.multi_use,
      },
      {
        onSuccess: (r) => {
          const title = `${r.created} card${r.created === 1 ? "" : "s"} created`
          if (r.failed) {
            const reason = r.results.find((x) => !x.ok)?.error?.message
            toast.warning(title, { description: `${r.failed} could not be created${reason ? `: ${reason}` : ""}` })
          } else toast.success(title)
          close(false)
        },
        onError: (e) => toast.error("Could not create the cards", { description: errorMessage(e) }),
      }
    )
  }
  return (
    <CreateFormModal
      open={open}
      onOpenChange={close}
      onSubmit={submit}
      title="Create virtual cards"
      description="Issues one or more alike cards to a cardholder, each funded from the group's balance."
      submitLabel="Create cards"
      submitTestId="create-cards-submit"
      isPending={create.isPending}
    >
              <div className="grid grid-cols-2 gap-4">
                <FormField label="Cardholder" name="cardholder_id" error={errors.cardholder_id}>
                  <Select value={form.cardholder_id} onValueChange={(v) => set("cardholder_id", v)}>
                    <Select.Trigger id="cardholder_id">
                      <Select.Value placeholder={cardholders.isLoading ? "Loading..." : "Choose a cardholder"} />
                    </Select.Trigger>
                    <Select.Content>
                      {(cardholders.data?.cardholders ?? []).map((c) => (
                        <Select.Item key={c.id} value={c.id}>
                          {`${c.first_name} ${c.last_name} (${c.email})`}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select>
                </FormField>
                <FormField label="Card group" name="group_id" error={errors.group_id}>
                  <Select value={form.group_id} onValueChange={(v) => set("group_id", v)}>
                    <Select.Trigger id="group_id">
                      <Select.Value placeholder={groups.isLoading ? "Loading..." : "Choose a group"} />
                    </Select.Trigger>
                    <Select.Content>
                      {(groups.data?.groups ?? []).map((g) => (
                        <Select.Item key={g.id} value={g.id}>
                          {`${g.gateway_group_id}${g.name ? ` ${g.name}` : ""} · ${g.balance ?? "-"} ${g.currency}`}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select>
                </FormField>
                <FormField label={`Amount per card${group ? ` (${group.currency})` : ""}`} name="charge_amount" error={errors.charge_amount}>
                  <Input id="charge_amount" value={form.charge_amount} onChange={(e) => set("charge_amount", e.target.value)} placeholder="50.00" />
                </FormField>
                <FormField label="Number of cards" name="pieces" error={errors.pieces} hint="1 to 50">
                  <Input id="pieces" type="number" min={1} max={50} value={form.pieces} onChange={(e) => set("pieces", e.target.value)} />
                </FormField>
                <FormField label="Alias" name="alias" optional error={errors.alias}>
                  <Input id="alias" value={form.alias} onChange={(e) => set("alias", e.target.value)} />
                </FormField>
                <div />
                <FormField label="Valid from" name="start_date" optional error={errors.start_date}>
                  <Input id="start_date" type="date" value={form.start_date} onChange={(e) => set("start_date", e.target.value)} />
                </FormField>
                <FormField label="Valid until" name="end_date" optional error={errors.end_date}>
                  <Input id="end_date" type="date" value={form.end_date} onChange={(e) => set("end_date", e.target.value)} />
                </FormField>
              </div>
              <div className="flex flex-col gap-y-3">
                <div className="flex items-center gap-x-2">
                  <Switch id="shared" checked={form.shared} onCheckedChange={(v) => set("shared", v)} />
                  <Label htmlFor="shared" size="small">
                    Shared card (its limit can be changed later)
                  </Label>
                </div>
                <div className="flex items-center gap-x-2">
                  <Switch id="multi_use" checked={form.multi_use} onCheckedChange={(v) => set("multi_use", v)} />
                  <Label htmlFor="multi_use" size="small">
                    Multi-use (otherwise one payment only)
                  </Label>
                </div>
              </div>
    </CreateFormModal>
  )
}
