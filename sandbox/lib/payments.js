// @ts-check
"use strict"
/**
 * Payments: direct payment (/v1/authorise), hosted page (/v1/checkout -> card page -> /sandbox/hosted/{gbc_id}),
 * and the 3-D Secure / APM issuer page (/sandbox/issuer/{transaction_id}).
 */
const v = require("./validation")
const S = require("./store")
const { validateCard, validatePayment } = require("./payment-checks")
const signing = require("./signing")
const events = require("./events")
const pages = require("./pages")
const subscriptions = require("./subscriptions")
const { errorResponse, checkMerchant, checkSignature } = require("./acquiring-common")

/** The sandbox's magic card numbers (contract, "Sandbox test cards"). */
const MAGIC_CARDS = {
  APPROVED: "4242424242424242",
  DECLINED: "4000000000000002",
  THREEDS: "4000000000003220",
  REVIEW: "4000000000009995",
}

const TEST_CARDS = [
  { card: MAGIC_CARDS.APPROVED, outcome: "approved (order_status 1, 0000:Success)" },
  { card: MAGIC_CARDS.DECLINED, outcome: "declined (order_status 0, D0002:Card declined)" },
  { card: MAGIC_CARDS.THREEDS, outcome: "3-D Secure: order_status -1 with issuer_url" },
  { card: MAGIC_CARDS.REVIEW, outcome: "held for risk review (order_status -2, risk_action REVIEW)" },
]

/** @param {string} month @param {string} year */
function isExpired(month, year) {
  const now = new Date()
  const y = Number(year)
  const m = Number(month)
  return y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m < now.getUTCMonth() + 1)
}

/** Risk reasons by outcome. */
const PASS_REASONS = [{ name: "card_velocity", status: "PASS" }]
const REVIEW_REASONS = [
  { name: "card_velocity", status: "PASS" },
  { name: "amount_anomaly", status: "REVIEW" },
]

/**
 * The stored fields of the outcomes a card payment can start in that are not declines: waiting for 3-D Secure,
 * held for review, authorised. Also what `POST /sandbox/transactions` seeds.
 */
const START_STATES = {
  pending_3ds: {
    pending_kind: "3ds",
    is3ds: "1",
    payment_status: S.PS.PENDING,
    order_status: "-1",
    result_info: S.RESULT.REDIRECT,
  },
  review: {
    payment_status: S.PS.REVIEW,
    order_status: "-2",
    result_info: S.RESULT.HELD,
    risk_action: "REVIEW",
    risk_score: "75",
    risk_reasons: REVIEW_REASONS,
  },
  authorized: { payment_status: S.PS.AUTHORISED, order_status: "1", result_info: S.RESULT.SUCCESS },
}

/**
 * Create a transaction for a payment request and decide its outcome.
 * @param {any} ctx
 * @param {Record<string, any>} req the payment request fields
 * @param {{ channel: "direct"|"hosted", pan?: string, expMonth?: string, expYear?: string, apm?: string, token?: any }} o
 */
function createPayment(ctx, req, o) {
  const store = ctx.store
  /** @type {Record<string, any>} */
  const f = {
    merchant_id: req.merchant_id,
    account_id: req.account_id,
    order_no: req.order_no,
    currency: req.currency,
    amount: req.amount,
    channel: o.channel,
    notify_url: req.notify_url,
    return_url: req.return_url,
    website: req.website,
    shopper_email: req.shopper_email,
    shopper_phone: req.shopper_phone,
    note: req.note,
    risk_reasons: PASS_REASONS,
    // as sent: a field the request lacks stays absent from the stored state
    delivery_information: Object.fromEntries(S.DELIVERY_FIELDS.map((k) => [k, req[k]])),
  }
  const pan = o.token ? o.token.pan : o.pan || ""
  const expMonth = o.token ? o.token.exp_month : o.expMonth
  const expYear = o.token ? o.token.exp_year : o.expYear
  f.card_masked = S.maskCard(pan)
  if (o.apm) {
    Object.assign(f, {
      payment_method: o.apm,
      pending_kind: "apm",
      payment_status: S.PS.PENDING,
      order_status: "-1",
      result_info: S.RESULT.REDIRECT,
    })
  } else if (pan === MAGIC_CARDS.DECLINED) {
    Object.assign(f, { payment_status: S.PS.DECLINED, order_status: "0", result_info: S.RESULT.DECLINED })
  } else if (expMonth && expYear && isExpired(expMonth, expYear)) {
    Object.assign(f, { payment_status: S.PS.DECLINED, order_status: "0", result_info: S.RESULT.EXPIRED })
  } else if (pan === MAGIC_CARDS.THREEDS) {
    Object.assign(f, START_STATES.pending_3ds)
  } else if (pan === MAGIC_CARDS.REVIEW) {
    Object.assign(f, START_STATES.review)
  } else {
    Object.assign(f, START_STATES.authorized)
  }
  const declined = f.order_status === "0"
  if (o.token) f.token_id = o.token.token_id
  else if (req.token_flag === "YES" && pan && !declined) {
    const token_id = `TK${S.randomId(10).toUpperCase()}`
    store.tokens.set(token_id, { token_id, merchant_id: req.merchant_id, pan, exp_month: expMonth, exp_year: expYear })
    f.token_id = token_id
  }
  const tx = S.createTransaction(store, f)
  if (!declined && req.subscription && typeof req.subscription === "object") {
    tx.recurring_id = subscriptions.createSubscription(ctx, tx, req.subscription).recurring_id
  }
  if (tx.payment_status !== S.PS.PENDING) events.notifyTransaction(ctx, tx, "PAYMENT")
  return tx
}

/**
 * The `respon` fields of a direct payment answer, signed with the response formula.
 * @param {any} ctx @param {any} tx @param {string} baseUrl
 */
function responFields(ctx, tx, baseUrl) {
  const sub = tx.recurring_id ? ctx.store.subscriptions.get(tx.recurring_id) : null
  /** @type {Record<string, any>} */
  const out = {
    merchant_id: tx.merchant_id,
    account_id: tx.account_id,
    order_no: tx.order_no,
    amount: tx.amount,
    currency: tx.currency,
    transaction_id: tx.transaction_id,
    card: tx.card,
    order_status: tx.order_status,
    result_info: tx.result_info,
    contract_name: sub ? sub.contract_name : "",
    recurring_id: sub ? sub.recurring_id : "",
    recurring_deduction_period: sub ? sub.recurring_deduction_period : "",
    recurring_deduction_time: sub ? sub.recurring_deduction_time : "",
    note: tx.note,
    token_id: tx.token_id,
    connector: "SANDBOX",
    threeds_result: tx.threeds_result,
    risk_action: tx.risk_action,
    risk_score: tx.risk_score,
    risk_reasons: tx.risk_reasons.map((/** @type {any} */ r) => ({ name: r.name, status: r.status })),
  }
  if (tx.payment_status === S.PS.PENDING) out.issuer_url = issuerUrl(baseUrl, tx)
  out.encryption_data = signing.acquiringSign(out, signing.ACQUIRING_FIELDS.response, ctx.options.signKey)
  return out
}

/** @param {string} baseUrl @param {any} tx */
function issuerUrl(baseUrl, tx) {
  return `${baseUrl}/sandbox/issuer/${encodeURIComponent(tx.transaction_id)}`
}

/**
 * Checks shared by authorise and checkout after the field checks: merchant, `&` in return_url, signature,
 * duplicate order number.
 * @param {any} ctx @param {string} path @param {Record<string, any>} body
 */
function checkPaymentAccess(ctx, path, body) {
  const e = checkMerchant(ctx, body)
  if (e) return e
  if (typeof body.return_url === "string" && body.return_url.includes("&")) {
    return v.fail("I0013", "encryption_data", "signature error: return_url must not contain '&'")
  }
  return checkSignature(ctx, path, body)
}

/** @param {any} ctx @param {Record<string, any>} body */
function checkDuplicate(ctx, body) {
  if (S.hasLiveOrder(ctx.store, body.merchant_id, body.order_no)) {
    return v.fail(
      "I0030",
      "order_no",
      `duplicate order_no ${body.order_no}: an earlier transaction with it is approved or pending`
    )
  }
  return null
}

/** POST /v1/authorise. @param {any} ctx @param {any} info */
function authorise(ctx, info) {
  const body = info.body
  const apm = v.isBlank(body.payment_method) ? "" : String(body.payment_method)
  let e =
    validatePayment(body) ||
    (apm ? null : validateCard(body, { allowToken: true })) ||
    checkPaymentAccess(ctx, "/v1/authorise", body)
  if (e) return errorResponse(e)
  let token = null
  if (!apm && v.isBlank(body.card)) {
    token = ctx.store.tokens.get(body.token_id)
    if (!token || token.merchant_id !== body.merchant_id)
      return { status: 404, json: { code: "I0404", source: "token_id", message: "Record not found: token_id" } }
  }
  e = checkDuplicate(ctx, body)
  if (e) return errorResponse(e)
  const tx = createPayment(ctx, body, {
    channel: "direct",
    apm: apm || undefined,
    pan: apm ? undefined : body.card,
    expMonth: body.expiration_month,
    expYear: body.expiration_year,
    token,
  })
  return { status: 200, xml: responFields(ctx, tx, info.baseUrl) }
}

/**
 * POST /v1/checkout: a signed payment request answers the loading page; the loading form (gbc_id) answers the card page.
 * @param {any} ctx @param {any} info
 */
function checkout(ctx, info) {
  const body = info.body
  if (!v.isBlank(body.gbc_id) && v.isBlank(body.encryption_data)) {
    const page = ctx.store.pages.get(String(body.gbc_id))
    return pageRefusal(page) || { status: 200, html: pages.cardPage(info.baseUrl, page) }
  }
  const e = validatePayment(body) || checkPaymentAccess(ctx, "/v1/checkout", body) || checkDuplicate(ctx, body)
  if (e) return errorResponse(e)
  const page = {
    gbc_id: S.randomId(12),
    request: { ...body },
    ip: info.ip,
    created_at: new Date().toISOString(),
    used: false,
    transaction_id: null,
  }
  ctx.store.pages.set(page.gbc_id, page)
  return { status: 200, html: pages.loadingPage(info.baseUrl, page) }
}

/**
 * Send the shopper back: 303 to return_url with order_no, transaction_id, order_status, or a result page.
 * @param {any} tx
 * @param {string} [returnUrl] where to (default: the transaction's return_url)
 */
function backToShop(tx, returnUrl = tx.return_url) {
  if (returnUrl) {
    const u = new URL(returnUrl)
    u.searchParams.set("order_no", tx.order_no)
    u.searchParams.set("transaction_id", tx.transaction_id)
    u.searchParams.set("order_status", tx.order_status)
    return { status: 303, location: u.toString() }
  }
  return { status: 200, html: pages.resultPage(tx) }
}

/** The answer to a hosted page that does not exist or was used already; null for one that may be shown. @param {any} page */
function pageRefusal(page) {
  if (!page)
    return { status: 404, html: pages.errorPage("Payment page not found", "This payment page does not exist.") }
  if (page.used)
    return { status: 410, html: pages.errorPage("Payment page used", "This payment page has already been used.") }
  return null
}

/** POST /sandbox/hosted/{gbc_id}: the card-entry form. @param {any} ctx @param {any} info @param {string} gbcId */
function hostedSubmit(ctx, info, gbcId) {
  const page = ctx.store.pages.get(gbcId)
  const refused = pageRefusal(page)
  if (refused) return refused
  const card = {
    card: String(info.body.card || "").replace(/[\s-]/g, ""),
    expiration_month: String(info.body.expiration_month || "").trim(),
    expiration_year: String(info.body.expiration_year || "").trim(),
    security_code: String(info.body.security_code || "").trim(),
  }
  const e = validateCard(card)
  if (e) return { status: 400, html: pages.cardPage(info.baseUrl, page, e.message) }
  if (S.hasLiveOrder(ctx.store, page.request.merchant_id, page.request.order_no)) {
    return {
      status: 409,
      html: pages.errorPage(
        "Order already paid",
        `Order ${page.request.order_no} already has an approved or pending payment.`
      ),
    }
  }
  const tx = createPayment(ctx, page.request, {
    channel: "hosted",
    pan: card.card,
    expMonth: card.expiration_month,
    expYear: card.expiration_year,
  })
  page.used = true
  page.transaction_id = tx.transaction_id
  if (tx.payment_status === S.PS.PENDING) return { status: 303, location: issuerUrl(info.baseUrl, tx) }
  return backToShop(tx)
}

/** The URLs the merchant may append to the issuer URL (public-docs.md, 3-D Secure). */
const ISSUER_CARRY = ["return_url", "notify_url"]

/** GET /sandbox/issuer/{transaction_id}: the challenge page. @param {any} ctx @param {any} info @param {string} txId */
function issuerGet(ctx, info, txId) {
  const tx = ctx.store.transactions.get(txId)
  if (!tx) return { status: 404, html: pages.errorPage("Transaction not found", `No transaction ${txId}.`) }
  return { status: 200, html: pages.issuerPage(info.baseUrl, tx) }
}

/**
 * POST /sandbox/issuer/{transaction_id}, as a browser sends it (form) or as JSON.
 * - `return_url` and/or `notify_url` without `outcome`: the merchant's hand-off (public-docs.md, 3-D Secure:
 *   "append return_url and notify_url to the issuer_url ... and send the request via POST") -> 200, the
 *   challenge page, which keeps them as hidden fields.
 * - `outcome` pass | fail (or neither outcome nor URLs: pass, as the contract says): completes the
 *   transaction, sends the PAYMENT notification to the posted notify_url (else the transaction's), and
 *   answers 303 to the posted return_url (else the transaction's) with order_no, transaction_id, order_status;
 *   an HTML result page when there is no return_url at all. A transaction without its own URLs adopts the
 *   posted ones for later notifications.
 * @param {any} ctx @param {any} info @param {string} txId
 */
function issuerPost(ctx, info, txId) {
  const tx = ctx.store.transactions.get(txId)
  if (!tx) return { status: 404, html: pages.errorPage("Transaction not found", `No transaction ${txId}.`) }
  const body = info.body || {}
  /** @type {Record<string, string>} */
  const posted = {}
  for (const f of ISSUER_CARRY) {
    if (v.isBlank(body[f])) continue
    if (!v.isHttpUrl(body[f])) return { status: 400, html: pages.errorPage(`Bad ${f}`, `${f} must be an http(s) URL.`) }
    posted[f] = String(body[f])
  }
  const given = v.isBlank(body.outcome) ? info.query.get("outcome") : String(body.outcome)
  if (v.isBlank(given) && Object.keys(posted).length > 0)
    return { status: 200, html: pages.issuerPage(info.baseUrl, tx, posted) }
  const outcome = v.isBlank(given) ? "pass" : String(given)
  if (outcome !== "pass" && outcome !== "fail")
    return { status: 400, html: pages.errorPage("Bad outcome", "outcome must be pass or fail") }
  const returnUrl = posted.return_url || tx.return_url
  const notifyUrl = posted.notify_url || tx.notify_url
  if (!tx.return_url && posted.return_url) tx.return_url = posted.return_url
  if (!tx.notify_url && posted.notify_url) tx.notify_url = posted.notify_url
  if (S.completePending(tx, outcome)) events.notifyTransaction(ctx, tx, "PAYMENT", {}, notifyUrl)
  return backToShop(tx, returnUrl)
}

module.exports = {
  START_STATES,
  MAGIC_CARDS,
  TEST_CARDS,
  createPayment,
  responFields,
  authorise,
  checkout,
  hostedSubmit,
  issuerGet,
  issuerPost,
}
