import type { CardCreateEntry, CardRecord } from "../../../lib/gateway"

export type CardStatus = "active" | "blocked" | "closed"

/** The gateway's card status ("1" active, "2" blocked, "3" closed) in the module's words. */
export function cardStatusOf(status: string | null | undefined): CardStatus {
  if (status === "2") return "blocked"
  if (status === "3") return "closed"
  return "active"
}

const last4Of = (cardNumber: string | null | undefined) =>
  String(cardNumber ?? "")
    .replace(/\D/g, "")
    .slice(-4)

const text = (v: unknown): string | null => (v === null || v === undefined || v === "" ? null : String(v))

const isOneTime = (v: unknown) => v === "1" || v === 1 || v === true || v === "true"

/**
 * The fields of a card the module may keep, from a creation entry. The full number and CVV are read here
 * only to take the last 4 digits: nothing returned carries them, so they cannot reach a table, a workflow's
 * stored step result or a log.
 */
export function cardFieldsFromCreation(entry: CardCreateEntry) {
  return {
    gateway_card_id: String(entry.cardId),
    alias: text(entry.cardAlias),
    last4: last4Of(entry.cardNumber),
    expiry_month: text(entry.expireMonth),
    expiry_year: text(entry.expireYear),
    is_one_time: isOneTime(entry.isOneTime),
    application_date: text(entry.applicationDate),
    valid_start_date: text(entry.validStarDate),
    valid_end_date: text(entry.validEndDate),
    gateway_req_no: text(entry.reqNo),
  }
}

/** The fields of a card the module may keep, from a card query (again without number or CVV). */
export function cardFieldsFromRecord(record: CardRecord) {
  return {
    alias: text(record.cardAlias),
    last4: last4Of(record.cardNumber),
    expiry_month: text(record.expireMonth),
    expiry_year: text(record.expireYear),
    card_type: text(record.cardType),
    is_one_time: isOneTime(record.isOneTime),
    status: cardStatusOf(record.status),
    application_date: text(record.applicationDate),
    valid_start_date: text(record.validStarDate),
    valid_end_date: text(record.validEndDate),
  }
}
