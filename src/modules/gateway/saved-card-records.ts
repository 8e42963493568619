/**
 * Saved cards (`gateway_saved_card`): the gateway's token of a card a customer chose to keep, which never leaves
 * the server. A token is kept `pending` with the payment that tokenised it and becomes the customer's once that
 * payment is authorised; what customers and staff see is the card without its token (savedCardView).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isCardExpired, SavedCardRow, SavedCardView, savedCardView } from "../../domain"
import type { Crud } from "./crud"
import type { GatewaySavedCard } from "./models/gateway-saved-card"

/** The generated CRUD of saved cards, and the service's own discardPendingCard (keeping a card calls it first). */
export type SavedCardStore = Pick<
  Crud<{ GatewaySavedCard: typeof GatewaySavedCard }>,
  | "listGatewaySavedCards"
  | "createGatewaySavedCards"
  | "updateGatewaySavedCards"
  | "softDeleteGatewaySavedCards"
  | "deleteGatewaySavedCards"
> & { discardPendingCard(orderNo: string): Promise<void> }

/** Keeps the token of a card tokenised by payment `order_no`, pending until that payment is authorised. */
export async function keepTokenisedCard(
  store: SavedCardStore,
  card: Omit<SavedCardRow, "id" | "status" | "last_used_at" | "created_at">
): Promise<string> {
  await store.discardPendingCard(card.order_no)
  const row = await store.createGatewaySavedCards({ ...card, status: "pending" })
  return row.id
}

/**
 * Payment `orderNo` is authorised: its pending card becomes the customer's. An older token of the same card
 * (brand, last 4, expiry) is replaced, so the list shows each card once.
 */
export async function confirmSavedCard(store: SavedCardStore, orderNo: string): Promise<string | null> {
  const [pending] = await store.listGatewaySavedCards({ order_no: orderNo, status: "pending" })
  if (!pending) return null
  const same = await store.listGatewaySavedCards({
    customer_id: pending.customer_id,
    status: "active",
    last4: pending.last4,
    exp_month: pending.exp_month,
    exp_year: pending.exp_year,
  })
  const older = same.filter((c) => c.brand === pending.brand).map((c) => c.id)
  if (older.length) await store.softDeleteGatewaySavedCards(older)
  await store.updateGatewaySavedCards({ id: pending.id, status: "active" })
  return pending.id
}

/** The payment that tokenised a card failed or was replaced: its token is never kept. */
export async function discardPendingCard(store: SavedCardStore, orderNo: string): Promise<void> {
  const pending = await store.listGatewaySavedCards({ order_no: orderNo, status: "pending" }, { select: ["id"] })
  if (pending.length) await store.deleteGatewaySavedCards(pending.map((c) => c.id))
}

/** A customer's saved cards as they may be shown (no token), newest first. */
export async function listSavedCards(store: SavedCardStore, customerId: string): Promise<SavedCardView[]> {
  const rows = await store.listGatewaySavedCards(
    { customer_id: customerId, status: "active" },
    { order: { created_at: "DESC" } }
  )
  return rows.map((r) => savedCardView(r as SavedCardRow))
}

/**
 * A customer's saved card with its token, for a payment (server only). Another customer's card, a deleted or
 * pending one is not found; an expired one is refused before any request.
 */
export async function savedCardForPayment(
  store: SavedCardStore,
  customerId: string,
  id: string
): Promise<SavedCardRow> {
  const [row] = await store.listGatewaySavedCards({ id, customer_id: customerId, status: "active" })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${id} was not found`)
  const card = row as SavedCardRow
  if (isCardExpired(card.exp_month, card.exp_year)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The saved card ending ${card.last4} expired at the end of ${card.exp_month}/${card.exp_year}: pay with another card`
    )
  }
  return card
}

export async function markSavedCardUsed(store: SavedCardStore, id: string): Promise<void> {
  await store.updateGatewaySavedCards({ id, last_used_at: new Date() })
}

/**
 * A customer deletes one of their saved cards (ours only: the gateway documents no endpoint to delete a
 * token). Another customer's card, or no customer at all, is not found: without an owner nothing is deleted.
 */
export async function deleteSavedCard(store: SavedCardStore, id: string, customerId: string): Promise<void> {
  if (typeof customerId !== "string" || !customerId)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${id} was not found`)
  await removeSavedCard(store, id, customerId)
}

/** Staff delete a saved card of the customer they name (the admin route, which audits it). */
export async function adminDeleteSavedCard(store: SavedCardStore, id: string, customerId: string): Promise<void> {
  if (typeof customerId !== "string" || !customerId)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "customer_id: required to delete a saved card")
  await removeSavedCard(store, id, customerId)
}

async function removeSavedCard(store: SavedCardStore, id: string, customerId: string): Promise<void> {
  const [row] = await store.listGatewaySavedCards({ id, status: "active", customer_id: customerId }, { select: ["id"] })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${id} was not found`)
  await store.softDeleteGatewaySavedCards([row.id])
}
