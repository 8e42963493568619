import type { CardholderRecord } from "../../../lib/gateway"

const text = (v: unknown): string | null => (v === null || v === undefined || v === "" ? null : String(v))

/** A gateway cardholder record as the module's fields. */
export function cardholderFieldsFromRecord(r: CardholderRecord) {
  return {
    gateway_cardholder_id: String(r.cardholderId),
    first_name: r.firstName ?? "",
    last_name: r.lastName ?? "",
    email: r.email ?? "",
    mobile_prefix: text(r.mobilePrefix),
    mobile: text(r.mobile),
    // "1990-01-02 00:00:00" at the gateway; the date is what was given
    birth_date: text(r.birthDate)?.slice(0, 10) ?? null,
    billing_country: text(r.countryCode),
    billing_state: text(r.billingState),
    billing_city: text(r.billingCity),
    billing_address: text(r.billingAddress),
    billing_postal: text(r.billingPostal),
    remark: text(r.remark),
  }
}
