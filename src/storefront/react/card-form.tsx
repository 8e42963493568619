"use client"
/**
 * The card form: number (grouped as typed, brand shown, Luhn-checked), expiry, security code and the name on
 * the card, with labels and the error under each field. Card data never enters React state: the inputs are
 * uncontrolled and have no `name` (a form submitted before the script runs sends nothing), the values are read
 * once on submit, posted to the plugin's card route, and the inputs emptied. Nothing goes to a URL, storage or
 * a log.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react"
import { BRAND_NAMES, cardBrand, formatCardNumber, validateCardForm, type CardBrand, type CardErrors, type CardField } from "../card-input.js"
import { postCard } from "../store-api.js"
import type { ExtraHeaders, GatewaySdk } from "../types.js"
import { handleOutcome, messageOf, type OutcomeProps } from "./outcome.js"

export interface CardFormLabels {
  number: string
  expiry: string
  cvv: string
  holder_name: string
  save: string
  submit: string
  busy: string
}

const LABELS: CardFormLabels = {
  number: "Card number",
  expiry: "Expiry date (MM/YY)",
  cvv: "Security code",
  holder_name: "Name on card",
  save: "Save this card for next time",
  submit: "Pay",
  busy: "Paying…",
}

export interface CardFormProps extends OutcomeProps {
  /** Your `@medusajs/js-sdk` client (the browser's: the card must not pass through your own server). */
  sdk: GatewaySdk
  /** The cart's `pp_gateway_card` payment session. */
  sessionId: string
  /** The cart the session pays (sent with the card: the plugin refuses a post without its cart). */
  cartId: string
  /** Extra headers, e.g. the logged-in customer's `{ authorization: "Bearer ..." }` when the sdk does not hold it. */
  headers?: ExtraHeaders
  /** Offer to save the card: only for a logged-in customer (whose auth must go along). */
  allowSave?: boolean
  /** Ask for the name on the card (default true). */
  askHolderName?: boolean
  labels?: Partial<CardFormLabels>
  disabled?: boolean
  className?: string
  /** Rendered between the fields and the button (e.g. the amount). */
  children?: ReactNode
}

const FIELDS: CardField[] = ["number", "expiry", "cvv", "holder_name"]

export function CardForm(props: CardFormProps) {
  const { sdk, sessionId, cartId, headers, allowSave = false, askHolderName = true, disabled = false, className, children } = props
  const labels = { ...LABELS, ...props.labels }
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
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const onNumberInput = () => {
    const input = refs.number.current
    if (!input) return
    // Regroup only when typing at the end, so editing in the middle keeps the caret where it is.
    if (input.selectionStart === input.value.length) input.value = formatCardNumber(input.value)
    setBrand(cardBrand(input.value))
  }

  const emptyCardInputs = () => {
    for (const field of ["number", "expiry", "cvv"] as const) if (refs[field].current) refs[field].current!.value = ""
    setBrand(null)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || disabled) return
    const checked = validateCardForm({
      number: refs.number.current?.value ?? "",
      expiry: refs.expiry.current?.value ?? "",
      cvv: refs.cvv.current?.value ?? "",
      holder_name: refs.holder_name.current?.value ?? "",
    })
    if (checked.errors) {
      setErrors(checked.errors)
      refs[FIELDS.find((f) => checked.errors[f])!].current?.focus()
      return
    }
    setErrors({})
    setFormError(null)
    setBusy(true)
    let message: string | null = null
    try {
      const outcome = await postCard(sdk, sessionId, { cart_id: cartId, card: checked.card, save_card: Boolean(allowSave && save.current?.checked), headers })
      emptyCardInputs()
      message = await handleOutcome(outcome, props)
    } catch (err) {
      emptyCardInputs()
      message = messageOf(err)
    } finally {
      setBusy(false)
    }
    setFormError(message)
  }

  const field = (name: CardField, label: string, input: Record<string, unknown>) => {
    const inputId = `${id}-${name}`
    const errorId = `${inputId}-error`
    const error = errors[name]
    return (
      <div className="gateway-field" data-field={name}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          ref={refs[name]}
          type="text"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`card-${name === "holder_name" ? "holder" : name}`}
          disabled={busy || disabled}
          {...input}
        />
        {error ? (
          <p id={errorId} className="gateway-field-error" data-testid={`card-${name === "holder_name" ? "holder" : name}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <form className={className ?? "gateway-card-form"} onSubmit={onSubmit} noValidate method="post" aria-busy={busy} data-testid="gateway-card-form">
      {field("number", labels.number, { inputMode: "numeric", autoComplete: "cc-number", maxLength: 23, onInput: onNumberInput, placeholder: "1234 1234 1234 1234" })}
      <p className="gateway-card-brand" aria-live="polite" data-testid="card-brand">
        {brand ? BRAND_NAMES[brand] : ""}
      </p>
      {field("expiry", labels.expiry, { inputMode: "numeric", autoComplete: "cc-exp", maxLength: 9, placeholder: "MM/YY" })}
      {field("cvv", labels.cvv, { inputMode: "numeric", autoComplete: "cc-csc", maxLength: 4, placeholder: brand === "amex" ? "1234" : "123" })}
      {askHolderName ? field("holder_name", labels.holder_name, { autoComplete: "cc-name", maxLength: 100 }) : null}
      {allowSave ? (
        <div className="gateway-field gateway-save">
          <input id={`${id}-save`} ref={save} type="checkbox" disabled={busy || disabled} data-testid="card-save" />
          <label htmlFor={`${id}-save`}>{labels.save}</label>
        </div>
      ) : null}
      {children}
      {formError ? (
        <p className="gateway-form-error" role="alert" data-testid="card-form-error">
          {formError}
        </p>
      ) : null}
      <button type="submit" disabled={busy || disabled} data-testid="card-submit">
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  )
}
