"use client"
/**
 * One payment control for the card: a signed-in customer's saved cards and "a new card" as one choice (a radio
 * group), one submit. A saved card goes through `savedCards` (in a storefront with the customer's token in an
 * httpOnly cookie, server actions that add it on the server); a new card is posted from the browser to the
 * plugin's card route (for a registered customer's cart with a `cardGrant` made by server code, so the browser
 * never holds the token), and can be saved. Without `savedCards` (a guest) it is the card form alone.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react"
import { validateSecurityCode } from "../card-input.js"
import { browserData } from "../browser-data.js"
import { postCard } from "../store-api.js"
import type { ExtraHeaders, GatewaySdk, SavedCard, SavedCardSource } from "../types.js"
import { useLook, type LookProps } from "./appearance.js"
import { useCardFields } from "./card-fields.js"
import { handleOutcome, messageOf, type OutcomeProps } from "./outcome.js"
import { pickableChoice, SavedCardOption, SecurityCodeField } from "./saved-card-parts.js"

export interface PaymentControlProps extends OutcomeProps, LookProps {
  /** The browser's `@medusajs/js-sdk` client: a new card goes from the browser to the plugin only. */
  sdk: GatewaySdk
  sessionId: string
  cartId: string
  /** The signed-in customer's saved cards (leave out for a guest). */
  savedCards?: SavedCardSource | null
  /** For a registered customer's cart: server code answering a card grant (see `CardForm`). */
  cardGrant?: () => Promise<string | null>
  headers?: ExtraHeaders
  /** Offer "save this card" with a new card (default: when `savedCards` listed the cards, i.e. a customer is signed in; not when its list answered null or failed). */
  allowSave?: boolean
  /** Ask a saved card's security code: "optional" (default), "required" (the store's `saved_cards.require_security_code`), or "never". */
  savedCardSecurityCode?: "optional" | "required" | "never"
  askHolderName?: boolean
  disabled?: boolean
  /** Rendered above the button (e.g. the amount, terms). */
  children?: ReactNode
}

const NEW = "new"

export function PaymentControl(props: PaymentControlProps) {
  const {
    sdk,
    sessionId,
    cartId,
    savedCards,
    cardGrant,
    headers,
    askHolderName = true,
    disabled = false,
    children,
    savedCardSecurityCode = "optional",
  } = props
  const [listed, setListed] = useState(false)
  const allowSave = props.allowSave ?? (Boolean(savedCards) && listed)
  const look = useLook(props, "payment-control")
  const { m, cls } = look
  const card = useCardFields({ m, cls, askHolderName, allowSave })
  const id = useId()
  const code = useRef<HTMLInputElement>(null)
  const [cards, setCards] = useState<SavedCard[] | null>(savedCards ? null : [])
  const [choice, setChoice] = useState<string>(NEW)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // The latest source, read when loading: a new object with the same actions each render does not reload.
  const source = useRef(savedCards)
  source.current = savedCards
  const hasSource = Boolean(savedCards)
  const load = useCallback(async () => {
    if (!source.current) return setCards([])
    // No customer (a list answering null, e.g. a guest's server action) or a list that fails: no saved cards, no saving.
    const list = await source.current.list().then(
      (cards) => (setListed(cards !== null), cards ?? []),
      () => (setListed(false), [] as SavedCard[])
    )
    setCards(list)
    setChoice((current) => pickableChoice(list, current) ?? NEW)
  }, [])

  useEffect(() => {
    void load()
  }, [load, hasSource])

  const remove = async (saved: SavedCard) => {
    if (!savedCards?.remove) return
    setBusy(true)
    setFormError(null)
    try {
      await savedCards.remove(saved.id)
      await load()
    } catch (err) {
      setFormError(messageOf(err, m))
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || disabled || cards === null) return
    const saved = cards.find((c) => c.id === choice && !c.expired)
    let send: () => ReturnType<typeof postCard>
    if (saved && savedCards) {
      const typed = code.current?.value ?? ""
      const invalid =
        savedCardSecurityCode === "required" && !typed.trim()
          ? m.cvvMissing
          : validateSecurityCode(typed, saved.brand, m)
      setCodeError(invalid)
      if (invalid) return code.current?.focus()
      send = () =>
        savedCards.pay({
          sessionId,
          cartId,
          saved_card_id: saved.id,
          ...(typed.trim() ? { security_code: typed.trim() } : {}),
          browser: browserData(),
        })
    } else {
      const typed = card.read()
      if (!typed) return
      send = async () =>
        postCard(sdk, sessionId, {
          cart_id: cartId,
          card: typed.card,
          save_card: typed.save,
          card_grant: cardGrant ? await cardGrant() : null,
          headers,
        })
    }
    setFormError(null)
    setBusy(true)
    let message: string | null = null
    try {
      message = await handleOutcome(await send(), props, m)
    } catch (err) {
      message = messageOf(err, m)
    } finally {
      card.clear()
      if (code.current) code.current.value = ""
      setBusy(false)
    }
    setFormError(message)
  }

  const off = busy || disabled
  const isNew = choice === NEW || !cards?.length
  return (
    <form
      className={cls("root")}
      onSubmit={onSubmit}
      noValidate
      method="post"
      aria-busy={busy}
      data-testid="gateway-payment-control"
    >
      {cards === null ? (
        <p className={cls("status")} role="status">
          {m.savedCardsLoading}
        </p>
      ) : null}
      {cards?.length ? (
        <fieldset className={cls("options")} disabled={off} data-testid="saved-card-picker">
          <legend className={cls("label")}>{m.savedCardsLegend}</legend>
          {cards.map((c) => (
            <SavedCardOption
              key={c.id}
              card={c}
              id={id}
              name={`${id}-choice`}
              checked={choice === c.id}
              onChoose={() => setChoice(c.id)}
              onRemove={savedCards?.remove ? () => remove(c) : undefined}
              marked={choice === c.id}
              look={look}
            />
          ))}
          <div className={cls("option")} data-testid="payment-option-new" data-selected={isNew || undefined}>
            <input
              type="radio"
              id={`${id}-new`}
              name={`${id}-choice`}
              value={NEW}
              checked={isNew}
              onChange={() => setChoice(NEW)}
            />
            <label htmlFor={`${id}-new`}>{m.newCard}</label>
          </div>
        </fieldset>
      ) : null}
      {!isNew && savedCardSecurityCode !== "never" ? (
        <SecurityCodeField
          id={id}
          inputRef={code}
          label={savedCardSecurityCode === "required" ? m.savedCardCode : m.savedCardCodeOptional}
          error={codeError}
          disabled={off}
          look={look}
        />
      ) : null}
      {isNew && cards !== null ? <div className="gw-new-card">{card.fields(off)}</div> : null}
      {children}
      {formError ? (
        <p className={cls("formError")} role="alert" data-testid="card-form-error">
          {formError}
        </p>
      ) : null}
      <button type="submit" className={cls("button")} disabled={off || cards === null} data-testid="card-submit">
        {busy ? m.paying : m.pay}
      </button>
    </form>
  )
}
