"use client"
/**
 * The card's fields, shared by `CardForm` and `PaymentControl`: number (grouped as typed, brand shown,
 * Luhn-checked), expiry, security code, the name on the card, and "save this card" for a signed-in customer, with
 * a label and the error under each. Card data never enters React state: the inputs are uncontrolled and have no
 * `name` (a form submitted before the script runs sends nothing); `read()` takes the values once, on submit, and
 * `clear()` empties the inputs after the post.
 */
import { useId, useRef, useState } from "react"
import {
  BRAND_NAMES,
  cardBrand,
  formatCardNumber,
  validateCardForm,
  type CardBrand,
  type CardErrors,
  type CardField,
} from "../card-input.js"
import type { GatewayMessages } from "../messages.js"
import type { CardDetails } from "../types.js"
import type { GatewaySlot } from "./appearance.js"

const FIELDS: CardField[] = ["number", "expiry", "cvv", "holder_name"]
const testId = (name: CardField) => `card-${name === "holder_name" ? "holder" : name}`

export function useCardFields({
  m,
  cls,
  askHolderName = true,
  allowSave = false,
}: {
  m: GatewayMessages
  cls: (slot: GatewaySlot, ...extra: string[]) => string
  askHolderName?: boolean
  allowSave?: boolean
}) {
  const id = useId()
  const refs = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvv: useRef<HTMLInputElement>(null),
    holder_name: useRef<HTMLInputElement>(null),
  }
  const save = useRef<HTMLInputElement>(null)
  const [brand, setBrand] = useState<CardBrand | null>(null)
  const [errors, setErrors] = useState<CardErrors>({})

  const onNumberInput = () => {
    const input = refs.number.current
    if (!input) return
    // Regroup only when typing at the end, so editing in the middle keeps the caret where it is.
    if (input.selectionStart === input.value.length) input.value = formatCardNumber(input.value)
    setBrand(cardBrand(input.value))
  }

  /** The card, or null after showing each field's error and focusing the first. */
  const read = (): { card: CardDetails; save: boolean } | null => {
    const checked = validateCardForm(
      {
        number: refs.number.current?.value ?? "",
        expiry: refs.expiry.current?.value ?? "",
        cvv: refs.cvv.current?.value ?? "",
        holder_name: refs.holder_name.current?.value ?? "",
      },
      new Date(),
      m
    )
    if (checked.errors) {
      setErrors(checked.errors)
      refs[FIELDS.find((f) => checked.errors[f])!].current?.focus()
      return null
    }
    setErrors({})
    return { card: checked.card, save: Boolean(allowSave && save.current?.checked) }
  }

  const clear = () => {
    for (const field of ["number", "expiry", "cvv"] as const) if (refs[field].current) refs[field].current!.value = ""
    setBrand(null)
  }

  const field = (name: CardField, label: string, disabled: boolean, input: Record<string, unknown>) => {
    const inputId = `${id}-${name}`
    const errorId = `${inputId}-error`
    const error = errors[name]
    return (
      <div className={cls("field", "gateway-field")} data-field={name}>
        <label htmlFor={inputId} className={cls("label")}>
          {label}
        </label>
        <input
          id={inputId}
          ref={refs[name]}
          type="text"
          spellCheck={false}
          className={cls("input")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId(name)}
          disabled={disabled}
          {...input}
        />
        {error ? (
          <p id={errorId} className={cls("error", "gateway-field-error")} data-testid={`${testId(name)}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  const fields = (disabled: boolean) => (
    <>
      {field("number", m.cardNumber, disabled, {
        inputMode: "numeric",
        autoComplete: "cc-number",
        maxLength: 23,
        onInput: onNumberInput,
        placeholder: m.numberPlaceholder,
      })}
      <p className={cls("hint", "gateway-card-brand")} aria-live="polite" data-testid="card-brand">
        {brand ? BRAND_NAMES[brand] : ""}
      </p>
      <div className="gw-row">
        {field("expiry", m.expiry, disabled, {
          inputMode: "numeric",
          autoComplete: "cc-exp",
          maxLength: 9,
          placeholder: m.expiryPlaceholder,
        })}
        {field("cvv", m.cvv, disabled, {
          inputMode: "numeric",
          autoComplete: "cc-csc",
          maxLength: 4,
          placeholder: brand === "amex" ? "1234" : "123",
        })}
      </div>
      {askHolderName ? field("holder_name", m.holderName, disabled, { autoComplete: "cc-name", maxLength: 100 }) : null}
      {allowSave ? (
        <div className={cls("field", "gw-check", "gateway-save")}>
          <input id={`${id}-save`} ref={save} type="checkbox" disabled={disabled} data-testid="card-save" />
          <label htmlFor={`${id}-save`} className={cls("label")}>
            {m.saveCard}
          </label>
        </div>
      ) : null}
    </>
  )

  return { fields, read, clear }
}
