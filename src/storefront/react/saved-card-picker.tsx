"use client"
/**
 * The logged-in customer's saved cards: pick one (expired ones are shown but cannot be picked), optionally
 * type its security code, pay; or remove a card. Only the saved card's id (and the code, read once from an
 * uncontrolled input) goes to the plugin's card route. Renders nothing while the customer has no cards.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react"
import { validateSecurityCode } from "../card-input.js"
import { deleteSavedCard, listSavedCards, payWithSavedCard } from "../store-api.js"
import type { ExtraHeaders, GatewaySdk, SavedCard } from "../types.js"
import { handleOutcome, messageOf, type OutcomeProps } from "./outcome.js"
import { useLook, type LookProps } from "./appearance.js"
import { pickableChoice, SavedCardOption, SecurityCodeField } from "./saved-card-parts.js"

/** The saved cards alone, with their own button (`PaymentControl` offers them with a new card as one choice). */
export interface SavedCardPickerProps extends OutcomeProps, LookProps {
  sdk: GatewaySdk
  /** The cart's `pp_gateway_card` payment session. */
  sessionId: string
  /** The cart the session pays (sent with the saved card's id). */
  cartId: string
  /** The customer's auth when the sdk does not hold it (saved cards are the customer's). */
  headers?: ExtraHeaders
  /** Ask for the security code (default true; sent when typed). */
  askSecurityCode?: boolean
  /** Told the list each time it is (re)loaded, e.g. to show the new-card form when it is empty. */
  onCardsLoaded?: (cards: SavedCard[]) => void
  submitLabel?: string
}

export function SavedCardPicker(props: SavedCardPickerProps) {
  const {
    sdk,
    sessionId,
    cartId,
    headers,
    askSecurityCode = true,
    onCardsLoaded,
    submitLabel = "Pay with this card",
  } = props
  const look = useLook(props, "saved-cards")
  const { m, cls } = look
  const id = useId()
  const code = useRef<HTMLInputElement>(null)
  const [cards, setCards] = useState<SavedCard[] | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const headerKey = JSON.stringify(headers ?? {})

  const load = useCallback(async () => {
    try {
      const list = await listSavedCards(sdk, { headers })
      setCards(list)
      setSelected((current) => pickableChoice(list, current))
      onCardsLoaded?.(list)
    } catch {
      // No list (not signed in, or the store has no saved cards): the picker shows nothing.
      setCards([])
      onCardsLoaded?.([])
    }
    // headers are compared by value: a new object with the same token does not reload
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sdk, headerKey])

  useEffect(() => {
    void load()
  }, [load])

  const remove = async (card: SavedCard) => {
    setBusy(true)
    setMessage(null)
    try {
      await deleteSavedCard(sdk, card.id, { headers })
      await load()
    } catch (err) {
      setMessage(messageOf(err, m))
    } finally {
      setBusy(false)
    }
  }

  const pay = async () => {
    const card = cards?.find((c) => c.id === selected)
    if (!card || busy) return
    const typed = code.current?.value ?? ""
    const invalid = validateSecurityCode(typed, card.brand, m)
    setCodeError(invalid)
    if (invalid) return code.current?.focus()
    setBusy(true)
    setMessage(null)
    let shown: string | null = null
    try {
      const outcome = await payWithSavedCard(sdk, sessionId, {
        cart_id: cartId,
        saved_card_id: card.id,
        security_code: typed,
        headers,
      })
      if (code.current) code.current.value = ""
      shown = await handleOutcome(outcome, props, m)
    } catch (err) {
      if (code.current) code.current.value = ""
      shown = messageOf(err, m)
    } finally {
      setBusy(false)
    }
    setMessage(shown)
  }

  if (cards === null)
    return (
      <p className={cls("status", "gateway-saved-cards-loading")} role="status">
        {m.savedCardsLoading}
      </p>
    )
  if (!cards.length) return message ? <p role="alert">{message}</p> : null

  return (
    <div className={cls("root", "gateway-saved-cards")} data-testid="saved-card-picker">
      <fieldset disabled={busy}>
        <legend className={cls("label")}>{m.savedCardsLegend}</legend>
        {cards.map((card) => (
          <SavedCardOption
            key={card.id}
            card={card}
            id={id}
            name={`${id}-saved-card`}
            checked={selected === card.id}
            onChoose={() => setSelected(card.id)}
            onRemove={() => remove(card)}
            legacyClasses
            look={look}
          />
        ))}
        {askSecurityCode ? (
          <SecurityCodeField
            id={id}
            inputRef={code}
            label={m.savedCardCodeOptional}
            error={codeError}
            legacyClasses
            look={look}
          />
        ) : null}
      </fieldset>
      {message ? (
        <p className={cls("formError", "gateway-form-error")} role="alert" data-testid="saved-card-error">
          {message}
        </p>
      ) : null}
      <button
        type="button"
        className={cls("button")}
        onClick={pay}
        disabled={busy || !selected}
        data-testid="saved-card-pay"
      >
        {busy ? m.paying : submitLabel}
      </button>
    </div>
  )
}
