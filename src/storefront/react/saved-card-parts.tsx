"use client"
/**
 * What `PaymentControl` and `SavedCardPicker` both show of saved cards: a card as one radio choice (an expired
 * card is shown but cannot be picked) and the saved card's security-code field. The picker also carries its older
 * `gateway-*` class names (`legacyClasses`), which stores may style.
 */
import type { Ref } from "react"
import { brandName } from "../card-input.js"
import { format } from "../messages.js"
import type { SavedCard } from "../types.js"
import type { useLook } from "./appearance.js"

type Look = ReturnType<typeof useLook>

const expiryOf = (c: SavedCard) => `${String(c.exp_month).padStart(2, "0")}/${String(c.exp_year).slice(-2)}`

/** The card to keep chosen after a (re)load: the current one while it can still be picked, else the first that can. */
export const pickableChoice = (cards: SavedCard[], current: string | null) =>
  cards.some((c) => c.id === current && !c.expired) ? current : (cards.find((c) => !c.expired)?.id ?? null)

export function SavedCardOption(props: {
  card: SavedCard
  /** The radio group's id prefix and name. */
  id: string
  name: string
  checked: boolean
  onChoose: () => void
  /** Offered when the store can remove saved cards. */
  onRemove?: () => void
  /** Marks the chosen option for the stylesheet (`data-selected`). */
  marked?: boolean
  legacyClasses?: boolean
  look: Look
}) {
  const { card, id, name, checked, onChoose, onRemove, marked, legacyClasses, look } = props
  const { m, cls } = look
  return (
    <div
      className={cls("option", legacyClasses && "gateway-saved-card")}
      data-testid={`saved-card-${card.id}`}
      data-selected={marked || undefined}
    >
      <input
        type="radio"
        id={`${id}-${card.id}`}
        name={name}
        value={card.id}
        checked={checked}
        disabled={card.expired}
        onChange={onChoose}
      />
      <label htmlFor={`${id}-${card.id}`}>
        {format(m.savedCardLabel, { brand: brandName(card.brand), last4: card.last4, expiry: expiryOf(card) })}
        {card.expired ? (
          <strong className={legacyClasses ? "gw-expired gateway-expired" : "gw-expired"}> {m.savedCardExpired}</strong>
        ) : null}
      </label>
      {onRemove ? (
        <button
          type="button"
          className={cls("secondaryButton")}
          onClick={onRemove}
          aria-label={format(m.removeCardLabel, { brand: brandName(card.brand), last4: card.last4 })}
          data-testid="saved-card-remove"
        >
          {m.removeCard}
        </button>
      ) : null}
    </div>
  )
}

/** The saved card's security code, read once from an uncontrolled input (`inputRef`). */
export function SecurityCodeField(props: {
  /** The id prefix: the input is `<id>-code`. */
  id: string
  inputRef: Ref<HTMLInputElement>
  label: string
  error: string | null
  disabled?: boolean
  legacyClasses?: boolean
  look: Look
}) {
  const { id, inputRef, label, error, disabled, legacyClasses, look } = props
  const { cls } = look
  return (
    <div className={cls("field", legacyClasses && "gateway-field")}>
      <label htmlFor={`${id}-code`} className={cls("label")}>
        {label}
      </label>
      <input
        id={`${id}-code`}
        ref={inputRef}
        type="text"
        className={cls("input")}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-code-error` : undefined}
        data-testid="saved-card-code"
      />
      {error ? (
        <p id={`${id}-code-error`} className={cls("error", legacyClasses && "gateway-field-error")}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
