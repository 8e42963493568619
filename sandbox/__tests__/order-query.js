// The sandbox tests' order query helper: POST /v1/retrievalTrans to a sandbox, expecting 200, answering the JSON.
"use strict"
const h = require("./helpers")

/** `query(fields)` for the sandbox `sb`: the order query's JSON answer (its status checked to be 200). */
function orderQueryOf(sb) {
  return async function query(fields) {
    const r = await h.acq(sb, "/v1/retrievalTrans", fields)
    expect(r.status).toBe(200)
    return r.json
  }
}

module.exports = { orderQueryOf }
