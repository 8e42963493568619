// @ts-check
"use strict"
/**
 * In-memory state of the simulated gateway: every map the acquiring and issuing sides keep, and their sequences.
 * The routes take the acquiring side from here as one module (`S`): its codes (codes.js), its ledger and state
 * rules (acquiring-state.js), and the records the answers show of it (acquiring-views.js). Issuing rules live in
 * issuing-state.js over the same store.
 */

function createStore() {
  const store = {
    /** @type {Map<string, any>} transaction_id -> transaction */
    transactions: new Map(),
    /** @type {Map<string, any[]>} order_no -> its transactions, oldest first (an index over `transactions`) */
    transactionsByOrderNo: new Map(),
    /** @type {Map<string, any>} refund_reference_id -> refund */
    refunds: new Map(),
    /** @type {Map<string, any>} gbc_id -> hosted payment page */
    pages: new Map(),
    /** @type {Map<string, any>} merchant_id/request_id -> payout */
    payouts: new Map(),
    /** @type {Map<string, any>} token_id -> stored card */
    tokens: new Map(),
    /** @type {Map<string, any>} recurring_id -> subscription */
    subscriptions: new Map(),
    /** @type {Map<string, any>} dispute_id -> dispute */
    disputes: new Map(),
    /** @type {Map<number, any>} cardholderId -> cardholder */
    cardholders: new Map(),
    /** @type {Map<string, any>} groupId -> group */
    groups: new Map(),
    /** @type {Map<number, any>} cardId -> card */
    cards: new Map(),
    /** @type {any[]} every card recharge and withdraw made, oldest first (GET /sandbox/issuing `transfers`) */
    cardTransfers: [],
    seq: {
      transaction: 0,
      payout: 0,
      recurring: 0,
      dispute: 0,
      reference: 0,
      cardholder: 8100,
      card: 100029700,
      group: 7000,
      reqNo: 0,
    },
  }
  return store
}

/** @typedef {ReturnType<typeof createStore>} Store */

/** Empty every map and restart every sequence. @param {Store} store */
function clearStore(store) {
  const fresh = createStore()
  for (const k of Object.keys(fresh)) {
    // keep the same Map objects so that references held by callers stay valid
    const cur = /** @type {any} */ (store)[k]
    if (cur instanceof Map) cur.clear()
    else /** @type {any} */ (store)[k] = /** @type {any} */ (fresh)[k]
  }
}

module.exports = {
  ...require("./codes"),
  ...require("./acquiring-state"),
  ...require("./acquiring-views"),
  createStore,
  clearStore,
}
