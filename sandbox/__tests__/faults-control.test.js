"use strict"
const path = require("node:path")
const { spawn } = require("node:child_process")
const { startSandbox } = require("..")
const h = require("./helpers")

const sb = h.useSandbox()

const { entry } = h
const postJson = (url, body, method = "POST") =>
  fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) })

describe("faults", () => {
  test("error5xx: 503 before processing, for `times` requests", async () => {
    sb.setFaults([{ fault: "error5xx", times: 1 }])
    const req = h.payment()
    const r = await h.acq(sb, "/v1/authorise", req)
    expect(r.status).toBe(503)
    expect(sb.store.transactions.size).toBe(0)
    const again = await h.acq(sb, "/v1/authorise", req)
    expect(again.status).toBe(200)
  })

  test("drop: the change is applied, then the socket is destroyed without an answer", async () => {
    const x = await h.authorise(sb)
    sb.setFaults([{ path: "/v1/capture", fault: "drop", times: 1 }])
    await expect(h.acq(sb, "/v1/capture", { capture_orders: [entry(x)] })).rejects.toThrow()
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state.payment_status).toBe("3000")
    // a retried capture is refused: it already happened
    const retry = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x)] })
    expect(retry.json.capture_orders[0].error_message).toBe("C0002:Transaction not capturable")
  })

  test("malformed: processed, answered with a truncated body", async () => {
    sb.setFaults([{ path: "/v1/authorise", fault: "malformed" }])
    const r = await h.acq(sb, "/v1/authorise", h.payment())
    expect(r.status).toBe(200)
    expect(r.headers.get("content-type")).toMatch(/xml/)
    expect(r.text).not.toContain("</respon>")
    expect(sb.store.transactions.size).toBe(1)
    sb.setFaults([{ path: "/v1/retrievalTrans", fault: "malformed" }])
    const q = await fetch(`${sb.url}/v1/retrievalTrans`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: h.form({ ...h.MERCHANT, orders: "x", encryption_data: h.acqSign("/v1/retrievalTrans", h.MERCHANT) }),
    })
    const text = await q.text()
    expect(() => JSON.parse(text)).toThrow()
  })

  test("bad_signature: /v1/authorise answers with a wrong encryption_data", async () => {
    sb.setFaults([{ path: "/v1/authorise", fault: "bad_signature" }])
    const x = await h.authorise(sb)
    expect(x.encryption_data).toMatch(/^[0-9a-f]{64}$/)
    expect(x.encryption_data).not.toBe(h.acqSign("response", x))
    sb.clearFaults()
    const y = await h.authorise(sb)
    expect(y.encryption_data).toBe(h.acqSign("response", y))
  })

  test("foreign_redirect: issuer_url and the hosted form's action on another host, the signature unchanged", async () => {
    sb.setFaults([{ path: "/v1/authorise", fault: "foreign_redirect", times: 1 }])
    const x = await h.authorise(sb, { card: "4000000000003220" })
    expect(x.issuer_url).toBe(`https://redirect.invalid/sandbox/issuer/${x.transaction_id}`)
    expect(x.encryption_data).toBe(h.acqSign("response", x))
    const y = await h.authorise(sb, { card: "4000000000003220" })
    expect(y.issuer_url).toBe(`${sb.url}/sandbox/issuer/${y.transaction_id}`)
    sb.setFaults([{ path: "/v1/checkout", fault: "foreign_redirect", times: 1 }])
    const page = await h.acq(sb, "/v1/checkout", h.payment())
    expect(page.text).toContain('action="https://redirect.invalid/v1/checkout"')
    expect(page.text).not.toContain(sb.url)
  })

  test("latency: waits before answering (rule and global option)", async () => {
    sb.setFaults([{ path: "/api/", fault: "latency", ms: 150 }])
    let t0 = Date.now()
    await h.iss(sb, "/group/query", { company_id: "4101", group_id: "7001" })
    expect(Date.now() - t0).toBeGreaterThanOrEqual(100)
    const slow = await h.sandbox({ latencyMs: 120 })
    t0 = Date.now()
    const r = await fetch(`${slow.url}/v1/authorise`, { method: "POST", body: "{}" })
    expect(r.status).toBe(400)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(80)
  })

  test("path prefix, rate 0 and issuing 5xx", async () => {
    sb.setFaults([
      { path: "/v1/capture", fault: "error5xx" },
      { path: "/v1/authorise", fault: "error5xx", rate: 0 },
      { path: "/api/card", fault: "error5xx" },
    ])
    expect((await h.acq(sb, "/v1/authorise", h.payment())).status).toBe(200)
    expect((await h.acq(sb, "/v1/capture", { capture_orders: [] })).status).toBe(503)
    expect((await h.iss(sb, "/group/query", { company_id: "4101", group_id: "7001" })).code).toBe(0)
    const r = await fetch(`${sb.issuingUrl}/card/query`, { method: "POST", body: "{}" })
    expect(r.status).toBe(503)
  })

  test("control endpoints: POST, GET and DELETE /sandbox/faults; invalid rules are 400", async () => {
    const set = await postJson(`${sb.url}/sandbox/faults`, { rules: [{ fault: "error5xx", times: 2 }] })
    expect(set.status).toBe(200)
    expect((await set.json()).rules[0]).toEqual(expect.objectContaining({ fault: "error5xx", times: 2, remaining: 2 }))
    expect((await fetch(`${sb.url}/v1/authorise`, { method: "POST", body: "{}" })).status).toBe(503)
    expect((await (await fetch(`${sb.url}/sandbox/faults`)).json()).rules[0].remaining).toBe(1)
    expect((await fetch(`${sb.url}/sandbox/faults`, { method: "DELETE" })).status).toBe(200)
    expect((await fetch(`${sb.url}/v1/authorise`, { method: "POST", body: "{}" })).status).toBe(400)
    const bad = await postJson(`${sb.url}/sandbox/faults`, { rules: [{ fault: "explode" }] })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatch(/fault/)
    expect(() => sb.setFaults([{ fault: "latency" }])).toThrow(/ms/)
  })
})

describe("control", () => {
  test("stats count the most requests of a path answered at once", async () => {
    sb.setFaults([{ path: "/v1/retrievalTrans", fault: "latency", ms: 300 }])
    const query = () => h.acq(sb, "/v1/retrievalTrans", { orders: "ord-1" })
    await Promise.all([query(), query(), query()])
    await query()
    const { byPath, mostInFlight } = sb.stats()
    expect(byPath["/v1/retrievalTrans"]).toBe(4)
    expect(mostInFlight["/v1/retrievalTrans"]).toBe(3)
    sb.clearFaults()
  })

  test("health, stats of gateway paths only, reset", async () => {
    expect(await (await fetch(`${sb.url}/sandbox/health`)).json()).toEqual({ ok: true })
    expect(sb.stats()).toEqual({ total: 0, byPath: {}, mostInFlight: {} })
    await h.authorise(sb)
    await h.iss(sb, "/group/query", { company_id: "4101", group_id: "7001" })
    await fetch(`${sb.url}/sandbox/transactions`)
    const stats = await (await fetch(`${sb.url}/sandbox/stats`)).json()
    expect(stats).toEqual({
      total: 2,
      byPath: { "/v1/authorise": 1, "/api/group/query": 1 },
      mostInFlight: { "/v1/authorise": 1, "/api/group/query": 1 },
    })
    sb.setFaults([{ fault: "error5xx" }])
    const reset = await fetch(`${sb.url}/sandbox/reset`, { method: "POST" })
    expect(reset.status).toBe(200)
    expect(sb.stats()).toEqual({ total: 0, byPath: {}, mostInFlight: {} })
    expect(sb.store.transactions.size).toBe(0)
    expect((await h.iss(sb, "/group/query", { company_id: "4101", group_id: "7001" })).data.balance).toBe(10000)
  })

  test("transactions by id and by order_no; notifications list; payouts and issuing dumps", async () => {
    const x = await h.authorise(sb)
    const one = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(one).toEqual(
      expect.objectContaining({
        transaction_id: x.transaction_id,
        order_no: x.order_no,
        payment_status: "2000",
        captured_amount: "0.00",
        refunds: [],
      })
    )
    expect(one.history[0].event).toBe("created")
    const byOrder = await (
      await fetch(`${sb.url}/sandbox/transactions?order_no=${encodeURIComponent(x.order_no)}`)
    ).json()
    expect(byOrder.map((t) => t.transaction_id)).toEqual([x.transaction_id])
    expect((await fetch(`${sb.url}/sandbox/transactions/TNOPE`)).status).toBe(404)
    expect(await (await fetch(`${sb.url}/sandbox/notifications`)).json()).toEqual([])
    expect(await (await fetch(`${sb.url}/sandbox/payouts`)).json()).toEqual([])
    expect((await (await fetch(`${sb.url}/sandbox/issuing`)).json()).groups[0].groupId).toBe("7001")
    expect((await fetch(`${sb.url}/sandbox/nope`)).status).toBe(404)
    expect((await fetch(`${sb.url}/sandbox/reset`)).status).toBe(405)
  })

  test("POST /sandbox/transactions seeds transactions of the merchant that the order query answers; one bad entry refuses all", async () => {
    const r = await postJson(`${sb.url}/sandbox/transactions`, {
      transactions: [
        { order_no: "seed-1", currency: "USD", amount: "28.29" },
        { order_no: "seed-2", currency: "JPY", amount: "500", state: "authorized" },
        { order_no: "seed-3", currency: "USD", amount: "1.00", state: "review" },
      ],
    })
    expect(r.status).toBe(201)
    const { transactions } = await r.json()
    expect(transactions.map((t) => [t.order_no, t.payment_status])).toEqual([
      ["seed-1", "1000"],
      ["seed-2", "2000"],
      ["seed-3", "1100"],
    ])
    const q = await h.acq(sb, "/v1/retrievalTrans", { ...h.MERCHANT, orders: "seed-1,seed-2,seed-3" })
    const byOrder = Object.fromEntries(q.json.orders_list.map((o) => [o.order_no, o]))
    expect(byOrder["seed-1"]).toEqual(
      expect.objectContaining({
        transaction_id: transactions[0].transaction_id,
        payment_status: "1000",
        amount: "28.29",
      })
    )
    expect(byOrder["seed-2"]).toEqual(
      expect.objectContaining({ payment_status: "2000", currency: "JPY", amount: "500" })
    )
    expect(sb.stats().byPath["/v1/retrievalTrans"]).toBe(1) // control requests are not gateway requests
    expect(await (await fetch(`${sb.url}/sandbox/notifications`)).json()).toEqual([])

    for (const [bad, message] of [
      [{ transactions: [] }, /1 to 10000 entries/],
      [
        {
          transactions: [
            { order_no: "ok", currency: "USD", amount: "1.00" },
            { order_no: "x", currency: "usd", amount: "1.00" },
          ],
        },
        /transactions\[1\]\.currency/,
      ],
      [{ transactions: [{ order_no: "x", currency: "USD", amount: "1.5" }] }, /transactions\[0\]\.amount/],
      [
        { transactions: [{ order_no: "x".repeat(51), currency: "USD", amount: "1.00" }] },
        /order_no must be a text of 1 to 50/,
      ],
      [
        { transactions: [{ order_no: "x", currency: "USD", amount: "1.00", state: "captured" }] },
        /state must be one of pending_3ds, review, authorized/,
      ],
    ]) {
      const refused = await postJson(`${sb.url}/sandbox/transactions`, bad)
      expect(refused.status).toBe(400)
      expect((await refused.json()).error).toMatch(message)
    }
    expect(sb.store.transactions.size).toBe(3)
  })

  test("programmatic API shape", () => {
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(sb.acquiringUrl).toBe(sb.url)
    expect(sb.issuingUrl).toBe(`${sb.url}/api`)
    expect(sb.url.endsWith(`:${sb.port}`)).toBe(true)
    for (const f of ["close", "reset", "setFaults", "clearFaults", "stats"]) expect(typeof sb[f]).toBe("function")
    expect(sb.store.transactions instanceof Map).toBe(true)
  })

  test("invalid options are refused with the option's name", async () => {
    await expect(startSandbox({ port: -1 })).rejects.toThrow(/port/)
    await expect(startSandbox({ notifyAttempts: 0 })).rejects.toThrow(/notifyAttempts/)
    await expect(startSandbox({ issuingSignScheme: "x" })).rejects.toThrow(/issuingSignScheme/)
    await expect(startSandbox({ bogus: 1 })).rejects.toThrow(/bogus/)
  })
})

describe("bin", () => {
  const BIN = path.join(__dirname, "..", "bin.js")

  test("prints its ready line, serves, stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [BIN, "--port", "0", "--quiet", "--merchant-id", "700000"], {
      stdio: ["ignore", "pipe", "pipe"],
    })
    try {
      const line = await new Promise((resolve, reject) => {
        let out = ""
        child.stdout.on("data", (c) => {
          out += c
          const nl = out.indexOf("\n")
          if (nl >= 0) resolve(out.slice(0, nl))
        })
        child.on("exit", (code) => reject(new Error(`exited ${code}`)))
        setTimeout(() => reject(new Error("no ready line")), 10000).unref()
      })
      const m = /^gateway sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line)
      expect(m).not.toBeNull()
      expect(await (await fetch(`${m[1]}/sandbox/health`)).json()).toEqual({ ok: true })
      const r = await h.acq({ url: m[1] }, "/v1/authorise", h.payment())
      expect(r.json.code).toBe("I0404") // --merchant-id 700000 took effect
      const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)))
      child.kill("SIGTERM")
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL")
    }
  })

  test("a bad flag value is an error naming the flag; --help prints usage", async () => {
    const run = (args) =>
      new Promise((resolve) => {
        const c = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] })
        let out = ""
        let err = ""
        c.stdout.on("data", (d) => (out += d))
        c.stderr.on("data", (d) => (err += d))
        c.on("exit", (code) => resolve({ code, out, err }))
      })
    const bad = await run(["--latency-ms", "soon"])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain("--latency-ms")
    const help = await run(["--help"])
    expect(help.code).toBe(0)
    expect(help.out).toContain("--issuing-sign-scheme")
  })
})
