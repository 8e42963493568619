"use client"
/**
 * The card form (the fields of ./card-fields.tsx and a submit button): posts the card once to the plugin's card
 * route, from the browser, follows 3-D Secure, shows a decline in the shopper's words. For a signed-in customer
 * use `PaymentControl` (saved cards and a new card as one choice, one submit).
 */
import { useState, type FormEvent, type ReactNode } from "react"
import { postCard } from "../store-api.js"
import type { ExtraHeaders, GatewaySdk } from "../types.js"
import { useLook, type LookProps } from "./appearance.js"
import { useCardFields } from "./card-fields.js"
import { handleOutcome, messageOf, type OutcomeProps } from "./outcome.js"

/** The older way to name the form's texts (still taken; `messages` covers them and more). */
export interface CardFormLabels {
  number: string
  expiry: string
  cvv: string
  holder_name: string
  save: string
  submit: string
  busy: string
}

export interface CardFormProps extends OutcomeProps, LookProps {
  /** Your `@medusajs/js-sdk` client (the browser's: the card must not pass through your own server). */
  sdk: GatewaySdk
  /** The cart's `pp_gateway_card` payment session. */
  sessionId: string
  /** The cart the session pays (sent with the card: the plugin refuses a post without its cart). */
  cartId: string
  /** Extra headers, e.g. the logged-in customer's `{ authorization: "Bearer ..." }` when the browser holds it. */
  headers?: ExtraHeaders
  /**
   * For a registered customer's cart when the browser does not hold the customer's token: server code (e.g. a
   * server action) that answers a card grant for this session (`createCardGrant`). Called at each submit.
   */
  cardGrant?: () => Promise<string | null>
  /** Offer to save the card: only for a signed-in customer (auth in `headers`, or `cardGrant`). */
  allowSave?: boolean
  /** Ask for the name on the card (default true). */
  askHolderName?: boolean
  labels?: Partial<CardFormLabels>
  disabled?: boolean
  /** Rendered between the fields and the button (e.g. the amount). */
  children?: ReactNode
}

export function CardForm(props: CardFormProps) {
  const {
    sdk,
    sessionId,
    cartId,
    headers,
    cardGrant,
    allowSave = false,
    askHolderName = true,
    disabled = false,
    children,
    labels,
  } = props
  const look = useLook(props, "card-form")
  const m = labels
    ? {
        ...look.m,
        cardNumber: labels.number ?? look.m.cardNumber,
        expiry: labels.expiry ?? look.m.expiry,
        cvv: labels.cvv ?? look.m.cvv,
        holderName: labels.holder_name ?? look.m.holderName,
        saveCard: labels.save ?? look.m.saveCard,
        pay: labels.submit ?? look.m.pay,
        paying: labels.busy ?? look.m.paying,
      }
    : look.m
  const { cls } = look
  const card = useCardFields({ m, cls, askHolderName, allowSave })
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || disabled) return
    const typed = card.read()
    if (!typed) return
    setFormError(null)
    setBusy(true)
    let message: string | null = null
    try {
      const grant = cardGrant ? await cardGrant() : null
      const outcome = await postCard(sdk, sessionId, {
        cart_id: cartId,
        card: typed.card,
        save_card: typed.save,
        card_grant: grant,
        headers,
      })
      card.clear()
      message = await handleOutcome(outcome, props, m)
    } catch (err) {
      card.clear()
      message = messageOf(err, m)
    } finally {
      setBusy(false)
    }
    setFormError(message)
  }

  return (
    <form
      className={cls("root", "gateway-card-form")}
      onSubmit={onSubmit}
      noValidate
      method="post"
      aria-busy={busy}
      data-testid="gateway-card-form"
    >
      {card.fields(busy || disabled)}
      {children}
      {formError ? (
        <p className={cls("formError", "gateway-form-error")} role="alert" data-testid="card-form-error">
          {formError}
        </p>
      ) : null}
      <button type="submit" className={cls("button")} disabled={busy || disabled} data-testid="card-submit">
        {busy ? m.paying : m.pay}
      </button>
    </form>
  )
}
