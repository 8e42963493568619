// @ts-check
"use strict"
/**
 * HTML pages: the hosted (iFrame) loading page of /v1/checkout as the interface describes it, the sandbox's
 * card-entry page, the 3-D Secure / APM issuer page, and small result and error pages.
 */

/** @param {unknown} v */
function esc(v) {
  return String(v === undefined || v === null ? "" : v)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
}

/** JSON safe to embed in a <script> element. @param {unknown} v */
function scriptJson(v) {
  return JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
}

/** @param {string} title @param {string} body */
function layout(title, body) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.6rem 0 .2rem}input{padding:.4rem;font-size:1rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem;font-size:1rem}.error{color:#b00020}.muted{color:#666;font-size:.9rem}</style>
</head>
<body>
${body}
</body>
</html>
`
}

/** @param {string} name @param {unknown} value */
function hidden(name, value) {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`
}

/**
 * The loading page answered by POST /v1/checkout: a form that posts to {base_url}/v1/checkout with the
 * hidden inputs the interface names, and a script that appends the others and submits it.
 * @param {string} baseUrl
 * @param {{ gbc_id: string, request: Record<string, any>, ip: string }} page
 */
function loadingPage(baseUrl, page) {
  const r = page.request
  const s = (/** @type {string} */ k) =>
    r[k] === undefined || r[k] === null ? "" : typeof r[k] === "object" ? JSON.stringify(r[k]) : String(r[k])
  const formInputs = {
    gbc_id: page.gbc_id,
    connector_code: "SANDBOX",
    account_name: s("account_id"),
    webSite: s("website"),
    pm_id: s("card_type"),
    apm_type: s("payment_method"),
    descriptor: "SANDBOX*SHOP",
    orderprefix: "",
    rrtimezone: "UTC",
    ordernumlength: "50",
    sendbgoods: "0",
    replacename: "0",
    send_bank_website: "0",
    replace_up_id: "",
    replace_match_address: "0",
    to_pass_page: "1",
  }
  const allParams = [
    ["merNo", s("merchant_id")],
    ["accountId", s("account_id")],
    ["orderNo", s("order_no")],
    ["orderCurrency", s("currency")],
    ["orderAmount", s("amount")],
    ["notifyUrl", s("notify_url")],
    ["returnUrl", s("return_url")],
    ["cancelUrl", s("cancel_url")],
    ["webSite", s("website")],
    ["shopperEmail", s("shopper_email")],
    ["firstName", s("first_name")],
    ["lastName", s("last_name")],
    ["cardType", s("card_type")],
    ["paymentMethod", s("payment_method")],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&")
  const scriptInputs = {
    insurance: s("insurance"),
    shopper_phone: s("shopper_phone"),
    country: s("billing_country"),
    delivery_address: s("delivery_address"),
    signInfo: s("encryption_data"),
    APMType: s("payment_method"),
    taxTotal: s("tax_total"),
    price_id: s("price_id"),
    discount: s("discount"),
    billing_address: s("billing_address"),
    device_type: s("device_type"),
    shipping: s("shipping"),
    token_id: s("token_id"),
    merNo: s("merchant_id"),
    source_request_ip: page.ip,
    default_lang: s("default_lang") || "en",
    open3d: s("open3d"),
    allParams,
  }
  const body = `<p>Loading the payment page&hellip;</p>
<form id="payForm" name="payForm" method="POST" action="${esc(baseUrl)}/v1/checkout">
${Object.entries(formInputs)
  .map(([k, v]) => hidden(k, v))
  .join("\n")}
<noscript><button type="submit">Continue to payment</button></noscript>
</form>
<script>
(function () {
  var form = document.getElementById("payForm");
  var extra = ${scriptJson(scriptInputs)};
  for (var name in extra) {
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = extra[name];
    form.appendChild(input);
  }
  window.addEventListener("load", function () { form.submit(); });
})();
</script>`
  return layout("Loading...", body)
}

/**
 * The card-entry page of a hosted payment.
 * @param {string} baseUrl
 * @param {{ gbc_id: string, request: Record<string, any> }} page
 * @param {string} [error]
 */
function cardPage(baseUrl, page, error) {
  const r = page.request
  const body = `<h1>Pay ${esc(r.amount)} ${esc(r.currency)}</h1>
<p class="muted">Order ${esc(r.order_no)} &middot; sandbox payment page (no real money)</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ""}
<form id="cardForm" method="POST" action="${esc(baseUrl)}/sandbox/hosted/${esc(encodeURIComponent(page.gbc_id))}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiration_month">Expiry month (MM)</label>
<input id="expiration_month" name="expiration_month" inputmode="numeric" autocomplete="cc-exp-month" placeholder="12" required>
<label for="expiration_year">Expiry year (YYYY)</label>
<input id="expiration_year" name="expiration_year" inputmode="numeric" autocomplete="cc-exp-year" placeholder="2030" required>
<label for="security_code">Security code</label>
<input id="security_code" name="security_code" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Pay</button>
</form>
<p class="muted">Test cards: 4242424242424242 approved, 4000000000000002 declined,
4000000000003220 3-D Secure, 4000000000009995 held for review.</p>`
  return layout("Sandbox payment page", body)
}

/**
 * The issuer page (challenge) of a pending 3-D Secure or APM transaction: a form posting `outcome` (pass or
 * fail) to the same URL. `carry` holds the `return_url` / `notify_url` the merchant posted to the issuer URL
 * (public-docs.md, 3-D Secure): they travel on as hidden fields so that the outcome's POST still has them.
 * @param {string} baseUrl
 * @param {any} tx
 * @param {Record<string, string>} [carry]
 */
function issuerPage(baseUrl, tx, carry = {}) {
  const what =
    tx.pending_kind === "3ds"
      ? "3-D Secure authentication"
      : `Payment with ${tx.payment_method || "an alternative method"}`
  const done = tx.payment_status !== "1000"
  const hiddenInputs = Object.entries(carry)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => hidden(k, v))
    .join("\n")
  const body = `<h1>${esc(what)}</h1>
<p>Order ${esc(tx.order_no)}: ${esc(tx.amount)} ${esc(tx.currency)} (transaction ${esc(tx.transaction_id)})</p>
${done ? `<p class="muted">Already completed: ${esc(tx.result_info)}.</p>` : ""}
<form id="issuerForm" method="POST" action="${esc(baseUrl)}/sandbox/issuer/${esc(encodeURIComponent(tx.transaction_id))}">
${hiddenInputs}
<button type="submit" name="outcome" value="pass">Complete</button>
<button type="submit" name="outcome" value="fail">Fail</button>
</form>`
  return layout("Sandbox issuer", body)
}

/** Result page for a transaction without return_url. @param {any} tx */
function resultPage(tx) {
  const body = `<h1>Payment ${tx.order_status === "1" ? "approved" : tx.order_status === "0" ? "not approved" : "pending"}</h1>
<dl><dt>order_no</dt><dd id="order_no">${esc(tx.order_no)}</dd>
<dt>transaction_id</dt><dd id="transaction_id">${esc(tx.transaction_id)}</dd>
<dt>order_status</dt><dd id="order_status">${esc(tx.order_status)}</dd>
<dt>result_info</dt><dd id="result_info">${esc(tx.result_info)}</dd></dl>`
  return layout("Payment result", body)
}

/** @param {string} title @param {string} message */
function errorPage(title, message) {
  return layout(title, `<h1>${esc(title)}</h1><p class="error">${esc(message)}</p>`)
}

module.exports = { loadingPage, cardPage, issuerPage, resultPage, errorPage, esc }
