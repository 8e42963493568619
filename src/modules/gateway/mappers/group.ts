import type { GroupRecord } from "../../../lib/gateway"
import { dateOrNull, decimalAmount } from "./amounts"

/** A gateway group record as the module's fields ("1" active, "0" closed). */
export function groupFieldsFromRecord(r: GroupRecord) {
  const currency = (r.currency ?? "").toUpperCase()
  return {
    gateway_group_id: String(r.groupId),
    name: r.groupName ?? null,
    currency,
    country_code: r.countryCode ?? null,
    balance: decimalAmount(r.balance, currency),
    status: (r.status === "0" ? "closed" : "active") as "active" | "closed",
    application_date: dateOrNull(r.applicationDate),
  }
}
