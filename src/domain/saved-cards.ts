/**
 * Saved cards as the shopper, staff and the provider see them. A saved card's token pays without the card: it
 * is a secret of the store, so what leaves the server is built here from a whitelist (id, brand, last 4,
 * expiry, dates), never from the stored row. Pure (no server import).
 */

/** The last 4 digits of a number or a mask. */
export const last4Of = (digitsOrMask: string | null | undefined): string =>
  (digitsOrMask ?? "").replace(/\D/g, "").slice(-4)

/** A card expires at the end of its expiry month. */
export function isCardExpired(expMonth: string, expYear: string, now = new Date()): boolean {
  const y = Number(expYear)
  const m = Number(expMonth)
  return y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m < now.getUTCMonth() + 1)
}

/** What a stored saved card holds (the module's row). */
export interface SavedCardRow {
  id: string
  customer_id: string
  token: string
  brand: string | null
  last4: string
  exp_month: string
  exp_year: string
  status: "pending" | "active"
  order_no: string
  last_used_at: Date | string | null
  created_at: Date | string
}

/** A saved card as it may be shown: no token. */
export interface SavedCardView {
  id: string
  brand: string | null
  last4: string
  exp_month: string
  exp_year: string
  expired: boolean
  created_at: string
  last_used_at: string | null
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString())

export function savedCardView(row: SavedCardRow, now = new Date()): SavedCardView {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    expired: isCardExpired(row.exp_month, row.exp_year, now),
    created_at: iso(row.created_at)!,
    last_used_at: iso(row.last_used_at),
  }
}

/** What the provider needs of the plugin module's saved cards (the module's service is one). */
export interface SavedCardStore {
  keepTokenisedCard(card: Omit<SavedCardRow, "id" | "status" | "last_used_at" | "created_at">): Promise<string>
  confirmSavedCard(orderNo: string): Promise<string | null>
  discardPendingCard(orderNo: string): Promise<void>
  listSavedCards(customerId: string): Promise<SavedCardView[]>
  /** Only the customer's own card; without a customer nothing is deleted (not found). */
  deleteSavedCard(id: string, customerId: string): Promise<void>
}

/** Why a store cannot save cards yet, and what to change. */
export const SAVED_CARDS_NEED_MODULE =
  'Saving cards needs the payment module to reach the plugin\'s module: add `dependencies: ["gateway"]` to the "@medusajs/medusa/payment" entry of medusa-config.ts'
