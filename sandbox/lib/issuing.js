// @ts-check
"use strict"
/**
 * The issuing API (`{issuing_base_url}` = `{base_url}/api`): JSON requests; every answer HTTP 200 with
 * `{ code, msg: { "zh-CN", "en-US" }, data }`. Order of checks: body, company id, sign present, required
 * fields (1001), signature (1002), then the operation (1003 not found, 1004 state, 1005 balance).
 */
const { parseBody } = require("./body")
const signing = require("./signing")
const money = require("./money")
const v = require("./validation")
const I = require("./issuing-state")

const OK_MSG = { "zh-CN": "成功", "en-US": "success" }

/** Identifier fields, which requests send as strings. */
const ID_FIELDS = [
  "company_id",
  "companyId",
  "cardholderId",
  "cardholder_id",
  "group_id",
  "card_id",
  "cardId",
  "connector_bin_id",
]

/** @param {any} data */
function ok(data) {
  return { status: 200, json: { code: 0, msg: OK_MSG, data: data === undefined ? null : data } }
}

/** @param {number} code @param {string} en @param {string} [zh] */
function failure(code, en, zh) {
  const e = new I.IssuingError(code, en, zh)
  return { status: 200, json: { code: e.code, msg: { "zh-CN": e.zh, "en-US": e.en }, data: null } }
}

/** @param {string} field @param {string} [why] */
function badParam(field, why) {
  return new I.IssuingError(1001, `Invalid parameter: ${field}${why ? ` (${why})` : ""}`)
}

/** @param {unknown} value @param {string} field @param {boolean} dflt */
function flag(value, field, dflt) {
  if (value === undefined || value === null || value === "") return dflt
  if (value === "true") return true
  if (value === "false") return false
  throw badParam(field, 'must be "true" or "false"')
}

/** @typedef {{ required: string[], run: (ctx: any, b: Record<string, any>, companyId: number) => any }} IssuingRoute */

/**
 * A route that moves a positive amount, in the card's currency, between a card and its group.
 * @param {string} amountField
 * @param {(store: any, card: any, minor: bigint) => void} move
 * @returns {IssuingRoute}
 */
function cardTransfer(amountField, move) {
  return {
    required: ["card_id", amountField],
    run(ctx, b) {
      const c = I.getCard(ctx.store, b.card_id)
      const g = I.getGroup(ctx.store, c.groupId)
      const minor = I.amount(b[amountField], amountField, g.currency, { positive: true })
      move(ctx.store, c, minor)
      const result = I.opResult(ctx.store)
      // The ledger a test checks the client against (GET /sandbox/issuing `transfers`): what moved, once per request.
      ctx.store.cardTransfers.push({
        path: amountField === "charge_amount" ? "/card/charge" : "/card/refund",
        request_id: b.request_id ?? "",
        card_id: c.cardId,
        amount: money.format(minor, g.currency),
        currency: g.currency,
        reqNo: result.reqNo,
        at: new Date().toISOString(),
      })
      return result
    },
  }
}

/** @type {Record<string, IssuingRoute>} */
const ROUTES = {
  "/cardholder/create": {
    required: ["first_name", "last_name", "email"],
    run(ctx, b, companyId) {
      if (!/^[^@\s]+@[^@\s]+$/.test(b.email)) throw badParam("email", "not an e-mail address")
      if (!v.isBlank(b.birth_date) && !v.isDate(b.birth_date)) throw badParam("birth_date", "year-month-day")
      return I.cardholderView(I.createCardholder(ctx.store, b, companyId), true)
    },
  },
  "/cardholder/delete": {
    required: ["cardholderId"],
    run(ctx, b) {
      I.deleteCardholder(ctx.store, I.getCardholder(ctx.store, b.cardholderId))
      return null
    },
  },
  "/cardholder/query": {
    required: ["cardholderId"],
    run(ctx, b) {
      return I.cardholderView(I.getCardholder(ctx.store, b.cardholderId))
    },
  },
  "/group/query": {
    required: ["group_id"],
    run(ctx, b) {
      return I.groupView(I.getGroup(ctx.store, b.group_id))
    },
  },
  "/group/close": {
    required: ["group_id"],
    run(ctx, b) {
      I.closeGroup(I.getGroup(ctx.store, b.group_id))
      return I.opResult(ctx.store)
    },
  },
  "/group/create": {
    required: ["group_name", "country_code", "currency", "charge_amount"],
    run(ctx, b) {
      if (!money.isCurrencyCode(b.currency)) throw badParam("currency", "three capital letters")
      if (!/^[A-Z]{2}$/.test(b.country_code)) throw badParam("country_code", "two capital letters")
      const minor = I.amount(b.charge_amount, "charge_amount", b.currency)
      const g = I.createGroup(ctx.store, {
        group_name: b.group_name,
        currency: b.currency,
        country_code: b.country_code,
        balance_minor: minor,
      })
      return I.opResult(ctx.store, g.groupId)
    },
  },
  "/group/refund": {
    required: ["group_id", "refund_amount"],
    run(ctx, b) {
      const g = I.getGroup(ctx.store, b.group_id)
      I.refundGroup(g, I.amount(b.refund_amount, "refund_amount", g.currency, { positive: true }))
      return I.opResult(ctx.store)
    },
  },
  "/card/create": {
    required: ["cardholder_id", "group_id", "charge_amount"],
    run(ctx, b) {
      const pieces = b.pieces === undefined || b.pieces === "" ? 1 : Number(b.pieces)
      if (
        !(typeof b.pieces === "number" || typeof b.pieces === "string" || b.pieces === undefined) ||
        !Number.isInteger(pieces) ||
        pieces < 1 ||
        pieces > 50
      ) {
        throw badParam("pieces", "an integer from 1 to 50")
      }
      const binId = v.isBlank(b.connector_bin_id) ? 1 : Number(b.connector_bin_id)
      if (!Object.prototype.hasOwnProperty.call(I.BINS, binId))
        throw badParam("connector_bin_id", `one of ${Object.keys(I.BINS).join(", ")}`)
      const shared = flag(b.enable_shared, "enable_shared", false)
      const multiUse = flag(b.enable_multi_use, "enable_multi_use", true)
      const currencyCheck = flag(b.enable_currency_check, "enable_currency_check", false)
      const today = new Date()
      const start = v.isBlank(b.start_date) ? today.toISOString().slice(0, 10) : b.start_date
      const endDefault = new Date(Date.UTC(today.getUTCFullYear() + 3, today.getUTCMonth(), today.getUTCDate()))
      const end = v.isBlank(b.end_date) ? endDefault.toISOString().slice(0, 10) : b.end_date
      if (!v.isDate(start)) throw badParam("start_date", "year-month-day")
      if (!v.isDate(end)) throw badParam("end_date", "year-month-day")
      if (end < start) throw badParam("end_date", "before start_date")
      if (b.card_alias !== undefined && typeof b.card_alias !== "string")
        throw badParam("card_alias", "must be a string")
      const cardholder = I.getCardholder(ctx.store, b.cardholder_id)
      const group = I.activeGroup(I.getGroup(ctx.store, b.group_id))
      const charge = I.amount(b.charge_amount, "charge_amount", group.currency)
      const createResultInfoList = I.createCards(ctx.store, {
        cardholder,
        group,
        charge_minor: charge,
        pieces,
        binId,
        alias: b.card_alias || "",
        start,
        end,
        shared,
        multiUse,
        currencyCheck,
      })
      return { createResultInfoList }
    },
  },
  "/card/query": {
    required: ["cardId"],
    run(ctx, b) {
      return I.cardView(ctx.store, I.getCard(ctx.store, b.cardId))
    },
  },
  "/card/refund": cardTransfer("refund_amount", I.withdrawCard),
  "/card/charge": cardTransfer("charge_amount", I.chargeCard),
  "/card/status": {
    required: ["card_id", "status"],
    run(ctx, b) {
      if (b.status !== "1" && b.status !== "2") throw badParam("status", '"1" active or "2" blocked')
      I.setCardStatus(I.getCard(ctx.store, b.card_id), b.status)
      return I.opResult(ctx.store)
    },
  },
  "/card/close": {
    required: ["card_id"],
    run(ctx, b) {
      I.closeCard(ctx.store, I.getCard(ctx.store, b.card_id))
      return I.opResult(ctx.store)
    },
  },
  "/card/update": {
    required: ["card_id", "authLimitAmount"],
    run(ctx, b) {
      const c = I.getCard(ctx.store, b.card_id)
      const g = I.getGroup(ctx.store, c.groupId)
      if (!v.isBlank(b.updateCurrency) && b.updateCurrency !== g.currency)
        throw badParam("updateCurrency", `the card's currency is ${g.currency}`)
      I.updateLimit(c, I.amount(b.authLimitAmount, "authLimitAmount", g.currency))
      return I.opResult(ctx.store)
    },
  },
}

/**
 * @param {any} ctx
 * @param {{ method: string, path: string, text: string, contentType: string|undefined }} info
 */
function handleIssuing(ctx, info) {
  const path = info.path.slice("/api".length)
  const route = ROUTES[path]
  if (!route) return { ...failure(1003, `Record not found: no endpoint ${path}`), status: 404 }
  if (info.method !== "POST")
    return { ...failure(1001, `Invalid parameter: ${path} accepts POST only`), status: 405, headers: { allow: "POST" } }
  let b
  try {
    b = parseBody(info.text, info.contentType)
  } catch (e) {
    return failure(1001, `Invalid parameter: body (${/** @type {any} */ (e).message})`)
  }
  try {
    for (const f of ID_FIELDS) {
      if (b[f] !== undefined && b[f] !== null && typeof b[f] !== "string")
        throw badParam(f, "identifiers are sent as strings")
    }
    const company = b.company_id !== undefined ? b.company_id : b.companyId
    if (v.isBlank(company)) throw badParam("company_id", "missing")
    if (company !== ctx.options.companyId) throw badParam("company_id", `unknown company ${company}`)
    if (v.isBlank(b.sign)) throw badParam("sign", "missing")
    for (const f of route.required) {
      if (v.isBlank(b[f])) throw badParam(f, "missing")
      if (typeof b[f] !== "string") throw badParam(f, "must be a string")
    }
    if (!signing.issuingVerify(path, b, ctx.options.apiKey, ctx.options.issuingSignScheme)) {
      throw new I.IssuingError(1002, "Signature error: sign does not match")
    }
    return ok(route.run(ctx, b, Number(company)))
  } catch (e) {
    if (e instanceof I.IssuingError) return failure(e.code, e.en, e.zh)
    throw e
  }
}

module.exports = { handleIssuing, ROUTES }
