// @ts-check
"use strict"
/**
 * The field checks of a payment request (/v1/authorise and /v1/checkout) and of the card fields of a direct or
 * hosted payment, before the merchant and signature are checked.
 */
const money = require("./money")
const v = require("./validation")
const subscriptions = require("./subscriptions")

const ARRAY_FIELDS = ["cart_items", "account_owner", "total_discount", "additional_information"]
const URL_FIELDS = ["notify_url", "return_url", "cancel_url"]

/**
 * Field checks of a payment request (both /v1/authorise and /v1/checkout), before merchant and signature.
 * @param {Record<string, any>} body
 */
function validatePayment(body) {
  const e =
    v.checkRequired(body, ["merchant_id", "account_id", "order_no", "currency", "amount", "encryption_data"]) ||
    v.checkLengths(body, v.PAYMENT_LIMITS) ||
    v.checkAmounts(body, "currency", ["amount", ...v.AMOUNT_PARTS_PLUS, ...v.AMOUNT_PARTS_MINUS], "", {
      positive: ["amount"],
    })
  if (e) return e
  if (!v.isBlank(body.item_total)) {
    const part = (/** @type {string} */ f) =>
      v.isBlank(body[f]) ? 0n : /** @type {bigint} */ (money.parseStrict(body[f], body.currency))
    let sum = 0n
    for (const f of v.AMOUNT_PARTS_PLUS) sum += part(f)
    for (const f of v.AMOUNT_PARTS_MINUS) sum -= part(f)
    if (sum !== money.parseStrict(body.amount, body.currency)) {
      return v.fail(
        "I0002",
        "amount",
        `amount ${body.amount} must equal item_total + shipping + handling + tax_total + insurance - shipping_discount - discount (${money.format(sum, body.currency)})`
      )
    }
  }
  if (body.open3d !== undefined && body.open3d !== "" && !["do3DS", "no3DS"].includes(body.open3d))
    return v.fail("I0002", "open3d", "open3d must be do3DS or no3DS")
  if (body.token_flag !== undefined && body.token_flag !== "" && !["YES", "NO"].includes(body.token_flag))
    return v.fail("I0002", "token_flag", "token_flag must be YES or NO")
  for (const f of URL_FIELDS) {
    if (!v.isBlank(body[f]) && !v.isHttpUrl(body[f])) return v.fail("I0002", f, `${f} must be an http(s) URL`)
  }
  if (!v.isBlank(body.items)) {
    const itemsError = v.checkItems(body.items, body.currency)
    if (itemsError) return itemsError
  }
  if (!v.isBlank(body.birth_date) && !v.isDayMonthYear(body.birth_date))
    return v.fail("I0002", "birth_date", "birth_date must be day-month-year (DD-MM-YYYY)")
  for (const f of ARRAY_FIELDS) {
    if (body[f] !== undefined && body[f] !== "" && !Array.isArray(body[f]))
      return v.fail("I0002", f, `${f} must be an array (JSON text in a form body)`)
  }
  if (
    body.subscription !== undefined &&
    body.subscription !== "" &&
    (typeof body.subscription !== "object" || body.subscription === null || Array.isArray(body.subscription))
  ) {
    return v.fail("I0002", "subscription", "subscription must be an object (JSON text in a form body)")
  }
  if (body.subscription && typeof body.subscription === "object") {
    const subError = subscriptions.validateSubscription(body.subscription, body.currency)
    if (subError) return subError
  }
  if (
    body.checkout_time !== undefined &&
    body.checkout_time !== "" &&
    !(Number.isInteger(body.checkout_time) || /^[0-9]{1,12}$/.test(String(body.checkout_time)))
  ) {
    return v.fail("I0002", "checkout_time", "checkout_time must be an integer (Unix seconds)")
  }
  if (!v.isBlank(body.card_type) && !/^[1-6]$/.test(String(body.card_type)))
    return v.fail("I0002", "card_type", "card_type must be 1 to 6")
  if (!v.isBlank(body.payment_method) && !/^[A-Za-z0-9_-]{1,50}$/.test(String(body.payment_method)))
    return v.fail("I0002", "payment_method", "payment_method must be a method name such as alipay")
  return null
}

/**
 * The card's expiry and security code, as the public docs' direct-payment sample names them
 * (public-docs.md): `expiration_month` (2 digits), `expiration_year` (4 digits), `security_code` (3-4 digits).
 */
const CARD_FIELDS = ["expiration_month", "expiration_year", "security_code"]

/**
 * Card fields of a direct or hosted payment.
 * @param {Record<string, any>} body
 * @param {{ allowToken?: boolean }} [opts]
 */
function validateCard(body, opts = {}) {
  if (v.isBlank(body.card)) {
    if (opts.allowToken && !v.isBlank(body.token_id)) return null
    return v.fail("I0001", "card", opts.allowToken ? "card is required (or token_id)" : "card is required")
  }
  if (typeof body.card !== "string" || !/^[0-9]{12,19}$/.test(body.card))
    return v.fail("I0002", "card", "card must be 12 to 19 digits")
  if (!v.luhnValid(body.card)) return v.fail("I0002", "card", "card number fails the Luhn check")
  const e = v.checkRequired(body, CARD_FIELDS)
  if (e) return e
  /** @type {[string, RegExp, string][]} */
  const formats = [
    ["expiration_month", /^(0[1-9]|1[0-2])$/, "expiration_month must be two digits 01-12"],
    ["expiration_year", /^[0-9]{4}$/, "expiration_year must be four digits"],
    ["security_code", /^[0-9]{3,4}$/, "security_code must be 3 or 4 digits"],
  ]
  for (const [f, re, message] of formats) {
    if (typeof body[f] !== "string" || !re.test(body[f])) return v.fail("I0002", f, message)
  }
  return null
}

module.exports = { CARD_FIELDS, validatePayment, validateCard }
