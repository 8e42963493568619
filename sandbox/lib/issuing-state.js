// @ts-check
"use strict"
/**
 * Issuing state rules (contract, "Issuing"): cardholders, groups with a balance, cards funded from their group.
 * Amounts are integer minor units (BigInt) in the group's currency.
 */
const crypto = require("node:crypto")
const money = require("./money")
const time = require("./time")
const v = require("./validation")

/** Issuing error codes with their two texts. */
class IssuingError extends Error {
  /** @param {number} code @param {string} en @param {string} [zh] */
  constructor(code, en, zh) {
    super(en)
    this.code = code
    this.en = en
    this.zh = zh || ZH[code] || "错误"
  }
}

/** @type {Record<number, string>} */
const ZH = { 1001: "参数错误", 1002: "签名错误", 1003: "记录不存在", 1004: "当前状态不允许此操作", 1005: "余额不足" }

/** Card BINs of the sandbox: connector_bin_id -> BIN. */
const BINS = { 1: { bin: "485932", brand: "VISA" }, 2: { bin: "522981", brand: "MASTERCARD" } }

const CARD_STATUS = { ACTIVE: "1", BLOCKED: "2", CLOSED: "3" }
const GROUP_STATUS = { ACTIVE: "1", CLOSED: "0" }

/** Create the starting group 7001 (USD, US, 10000.00). @param {any} store */
function seed(store) {
  createGroup(store, { group_name: "Default group", currency: "USD", country_code: "US", balance_minor: 1000000n })
}

/** @param {any} store @param {{ group_name: string, currency: string, country_code: string, balance_minor: bigint }} g */
function createGroup(store, g) {
  store.seq.group += 1
  const group = {
    groupId: String(store.seq.group),
    groupName: g.group_name,
    currency: g.currency,
    countryCode: g.country_code,
    balance_minor: g.balance_minor,
    status: GROUP_STATUS.ACTIVE,
    applicationDate: new Date(),
  }
  store.groups.set(group.groupId, group)
  return group
}

/** @param {any} store */
function nextReqNo(store) {
  store.seq.reqNo += 1
  return 60000000 + store.seq.reqNo
}

/** @param {any} store @param {string} id */
function getGroup(store, id) {
  const g = store.groups.get(String(id))
  if (!g) throw new IssuingError(1003, `Record not found: group ${id}`)
  return g
}

/** @param {any} store @param {string} id */
function getCardholder(store, id) {
  const h = /^[0-9]+$/.test(String(id)) ? store.cardholders.get(Number(id)) : undefined
  if (!h) throw new IssuingError(1003, `Record not found: cardholder ${id}`)
  return h
}

/** @param {any} store @param {string} id */
function getCard(store, id) {
  const c = /^[0-9]+$/.test(String(id)) ? store.cards.get(Number(id)) : undefined
  if (!c) throw new IssuingError(1003, `Record not found: card ${id}`)
  return c
}

/** A card that may still change (not closed). @param {any} card */
function openCard(card) {
  if (card.status === CARD_STATUS.CLOSED)
    throw new IssuingError(1004, `Operation not allowed: card ${card.cardId} is closed`)
  return card
}

/** @param {any} group */
function activeGroup(group) {
  if (group.status !== GROUP_STATUS.ACTIVE)
    throw new IssuingError(1004, `Operation not allowed: group ${group.groupId} is closed`)
  return group
}

/**
 * Parse an issuing amount (up to the currency's decimals). @param {unknown} value @param {string} field
 * @param {string} currency @param {{ positive?: boolean }} [o]
 */
function amount(value, field, currency, o = {}) {
  const minor = money.parseLenient(value, currency)
  if (minor === null)
    throw new IssuingError(1001, `Invalid parameter: ${field} must be a decimal amount in ${currency}`)
  if (o.positive && minor <= 0n) throw new IssuingError(1001, `Invalid parameter: ${field} must be greater than zero`)
  return minor
}

/** @param {any} store @param {Record<string, any>} b @param {number} companyId */
function createCardholder(store, b, companyId) {
  store.seq.cardholder += 1
  const h = {
    cardholderId: store.seq.cardholder,
    firstName: b.first_name,
    lastName: b.last_name,
    email: b.email,
    mobilePrefix: b.mobile_prefix || "",
    mobile: b.mobile || "",
    birthDate: b.birth_date ? `${b.birth_date} 00:00:00` : "",
    countryCode: b.billing_country || "",
    billingState: b.billing_state || "",
    billingCity: b.billing_city || "",
    billingAddress: b.billing_address || "",
    billingPostal: b.billing_postal || "",
    remark: b.remark || "",
    isStatus: "1",
    companyId,
  }
  store.cardholders.set(h.cardholderId, h)
  return h
}

/** @param {any} h @param {boolean} [creation] */
function cardholderView(h, creation = false) {
  const out = { ...h }
  if (creation) out.status = "1"
  return out
}

/** @param {any} store @param {any} h */
function deleteCardholder(store, h) {
  for (const c of store.cards.values()) {
    if (c.cardholderId === h.cardholderId && c.status !== CARD_STATUS.CLOSED) {
      throw new IssuingError(1004, `Operation not allowed: cardholder ${h.cardholderId} has open cards`)
    }
  }
  store.cardholders.delete(h.cardholderId)
}

/** @param {any} g */
function groupView(g) {
  return {
    groupName: g.groupName,
    currency: g.currency,
    countryCode: g.countryCode,
    applicationDate: time.isoOffsetMs(g.applicationDate),
    balance: money.toNumber(g.balance_minor, g.currency),
    status: g.status,
    groupId: g.groupId,
  }
}

/** A 16-digit Luhn-valid number starting with the BIN. @param {string} bin */
function cardNumber(bin) {
  let body = bin
  while (body.length < 15) body += String(crypto.randomInt(10))
  return body + v.luhnCheckDigit(body)
}

/**
 * Create `pieces` cards funded from the group; entries past the group's balance fail (partial success).
 * @param {any} store
 * @param {{ cardholder: any, group: any, charge_minor: bigint, pieces: number, binId: number, alias: string,
 *   start: string, end: string, shared: boolean, multiUse: boolean, currencyCheck: boolean }} o
 */
function createCards(store, o) {
  const reqNo = nextReqNo(store)
  const g = o.group
  const bin = /** @type {any} */ (BINS)[o.binId]
  const entries = []
  for (let i = 0; i < o.pieces; i++) {
    const common = {
      cardGroupId: g.groupId,
      cardholderId: o.cardholder.cardholderId,
      cardBinId: o.binId,
      amount: money.toNumber(o.charge_minor, g.currency),
      currency: g.currency,
      cardAlias: o.alias,
      pieces: o.pieces,
      currencyCheck: o.currencyCheck ? "1" : "0",
      groupName: g.groupName,
      isOneTime: o.multiUse ? "0" : "1",
      amountLimit: money.toNumber(o.charge_minor, g.currency),
      applicationDate: time.dateTime(new Date()),
      validStarDate: o.start,
      validEndDate: o.end,
      reqNo,
    }
    if (g.balance_minor < o.charge_minor) {
      entries.push({
        status: "0",
        errorMsg: "Insufficient group balance",
        cardNumber: null,
        cvv: null,
        expireYear: null,
        expireMonth: null,
        cardId: null,
        ...common,
      })
      continue
    }
    g.balance_minor -= o.charge_minor
    store.seq.card += 1
    const card = {
      cardId: store.seq.card,
      cardAlias: o.alias,
      cardNumber: cardNumber(bin.bin),
      cvv: String(crypto.randomInt(1000)).padStart(3, "0"),
      expireYear: o.end.slice(0, 4),
      expireMonth: o.end.slice(5, 7),
      balance_minor: o.charge_minor,
      limit_minor: o.charge_minor,
      cardholderId: o.cardholder.cardholderId,
      groupId: g.groupId,
      status: CARD_STATUS.ACTIVE,
      shared: o.shared,
      isOneTime: common.isOneTime,
      currencyCheck: common.currencyCheck,
      binId: o.binId,
      applicationDate: common.applicationDate,
      validStart: o.start,
      validEnd: o.end,
    }
    store.cards.set(card.cardId, card)
    entries.push({
      status: "1",
      errorMsg: null,
      cardNumber: card.cardNumber,
      cvv: card.cvv,
      expireYear: card.expireYear,
      expireMonth: card.expireMonth,
      cardId: card.cardId,
      ...common,
    })
  }
  return entries
}

/** @param {any} store @param {any} c */
function cardView(store, c) {
  const g = store.groups.get(c.groupId)
  const currency = g ? g.currency : "USD"
  return {
    cardId: c.cardId,
    cardAlias: c.cardAlias,
    cardNumber: c.cardNumber,
    cvv: c.cvv,
    expireYear: c.expireYear,
    expireMonth: c.expireMonth,
    balance: money.toNumber(c.balance_minor, currency),
    cardholderId: c.cardholderId,
    status: c.status,
    groupName: g ? g.groupName : "",
    cardType: c.shared ? "SHARED" : "STANDARD",
    isOneTime: c.isOneTime,
    amountLimit: money.toNumber(c.limit_minor, currency),
    applicationDate: c.applicationDate,
    validStarDate: `${c.validStart} 00:00:00`,
    validEndDate: `${c.validEnd} 23:59:59`,
    merchants: null,
    merchantsRestriction: null,
    merchantCategories: null,
    merchantCategoriesRestriction: null,
    spendingTransactionLimit: null,
  }
}

/** Group of a card. @param {any} store @param {any} c */
function groupOf(store, c) {
  return getGroup(store, c.groupId)
}

/**
 * Moves `minor` between a card and its group: refused (1005) when `from` holds less; `name` says which it is.
 * @param {any} from @param {any} to @param {bigint} minor @param {string} name @param {string} currency
 */
function moveBalance(from, to, minor, name, currency) {
  if (from.balance_minor < minor)
    throw new IssuingError(
      1005,
      `Insufficient balance: ${name} holds ${money.format(from.balance_minor, currency)} ${currency}`
    )
  from.balance_minor -= minor
  to.balance_minor += minor
}

/** Recharge a card from its group. @param {any} store @param {any} c @param {bigint} minor */
function chargeCard(store, c, minor) {
  openCard(c)
  const g = activeGroup(groupOf(store, c))
  moveBalance(g, c, minor, `group ${g.groupId}`, g.currency)
}

/** Withdraw from a card back to its group. @param {any} store @param {any} c @param {bigint} minor */
function withdrawCard(store, c, minor) {
  openCard(c)
  const g = groupOf(store, c)
  moveBalance(c, g, minor, `card ${c.cardId}`, g.currency)
}

/** Close a card; its balance returns to the group. @param {any} store @param {any} c */
function closeCard(store, c) {
  openCard(c)
  const g = groupOf(store, c)
  g.balance_minor += c.balance_minor
  c.balance_minor = 0n
  c.status = CARD_STATUS.CLOSED
}

/** @param {any} c @param {"1"|"2"} status */
function setCardStatus(c, status) {
  openCard(c)
  c.status = status
}

/** Change the limit of a shared card. @param {any} c @param {bigint} minor */
function updateLimit(c, minor) {
  openCard(c)
  if (!c.shared) throw new IssuingError(1004, `Operation not allowed: card ${c.cardId} is not a shared card`)
  c.limit_minor = minor
}

/** @param {any} g */
function closeGroup(g) {
  activeGroup(g)
  g.status = GROUP_STATUS.CLOSED
}

/** @param {any} g @param {bigint} minor */
function refundGroup(g, minor) {
  activeGroup(g)
  if (g.balance_minor < minor)
    throw new IssuingError(
      1005,
      `Insufficient balance: group ${g.groupId} holds ${money.format(g.balance_minor, g.currency)} ${g.currency}`
    )
  g.balance_minor -= minor
}

/** Issuing operation result. @param {any} store @param {string|null} [groupId] */
function opResult(store, groupId = null) {
  return { status: "1", reqNo: nextReqNo(store), errorMsg: null, groupId }
}

/** JSON-safe dump of the issuing state for GET /sandbox/issuing. @param {any} store */
function issuingState(store) {
  return {
    groups: [...store.groups.values()].map(groupView),
    cardholders: [...store.cardholders.values()].map((h) => cardholderView(h)),
    cards: [...store.cards.values()].map((c) => ({ ...cardView(store, c), groupId: c.groupId })),
    transfers: store.cardTransfers.slice(),
  }
}

module.exports = {
  IssuingError,
  BINS,
  CARD_STATUS,
  GROUP_STATUS,
  seed,
  createGroup,
  getGroup,
  getCardholder,
  getCard,
  activeGroup,
  amount,
  createCardholder,
  cardholderView,
  deleteCardholder,
  groupView,
  createCards,
  cardView,
  chargeCard,
  withdrawCard,
  closeCard,
  setCardStatus,
  updateLimit,
  closeGroup,
  refundGroup,
  opResult,
  issuingState,
  nextReqNo,
}
