// Sandbox hosted page /v1/checkout (loading page, card page, pages list) and acquiring routing errors.
"use strict"
const h = require("./helpers")

const sb = h.useSandbox({}, { resetEach: false })

describe("hosted page /v1/checkout", () => {
  async function openCheckout(overrides = {}) {
    const req = h.payment({ notify_url: "https://shop.example/hooks", ...overrides })
    for (const f of ["card", ...h.CARD_FIELDS]) delete req[f]
    const r = await h.acq(sb, "/v1/checkout", req, { form: true })
    return { req, r }
  }
  // The hosted page's id in the loading page, and its card form posted as a browser would (the 303 kept).
  const gbcOf = (r) => /name="gbc_id" value="([^"]+)"/.exec(r.text)[1]
  const hostedCard = (card) => ({ card, expiration_month: "12", expiration_year: "2099", security_code: "123" })
  const postHosted = (gbc, fields) =>
    fetch(`${sb.url}/sandbox/hosted/${gbc}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" })

  test("loading page -> card page -> 303 to return_url", async () => {
    const { req, r } = await openCheckout()
    expect(r.status).toBe(200)
    expect(r.headers.get("content-type")).toMatch(/text\/html/)
    expect(r.text).toMatch(/<title>Loading/)
    expect(r.text).toContain(`<form id="payForm" name="payForm" method="POST" action="${sb.url}/v1/checkout">`)
    for (const name of [
      "gbc_id",
      "connector_code",
      "account_name",
      "webSite",
      "pm_id",
      "apm_type",
      "descriptor",
      "orderprefix",
      "rrtimezone",
      "ordernumlength",
      "sendbgoods",
      "replacename",
      "send_bank_website",
      "replace_up_id",
      "replace_match_address",
      "to_pass_page",
    ]) {
      expect(r.text).toContain(`type="hidden" name="${name}"`)
    }
    for (const name of ["insurance", "signInfo", "merNo", "allParams", "source_request_ip", "open3d", "APMType"])
      expect(r.text).toContain(`"${name}":`)
    expect(r.text).toContain(`orderNo=${req.order_no}`)
    const gbc = gbcOf(r)

    const cardPage = await fetch(`${sb.url}/v1/checkout`, {
      method: "POST",
      body: new URLSearchParams({ gbc_id: gbc, connector_code: "SANDBOX" }),
    })
    expect(cardPage.status).toBe(200)
    const cardHtml = await cardPage.text()
    expect(cardHtml).toContain(`action="${sb.url}/sandbox/hosted/${gbc}"`)
    for (const n of ["card", "expiration_month", "expiration_year", "security_code"]) {
      expect(cardHtml).toContain(`name="${n}"`)
      expect(cardHtml).toContain(`id="${n}"`)
    }
    const cardForm = /<form id="cardForm"[\s\S]*?<\/form>/.exec(cardHtml)[0]
    expect([...cardForm.matchAll(/<input[^>]* name="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "card",
      "expiration_month",
      "expiration_year",
      "security_code",
    ])

    const bad = await postHosted(gbc, hostedCard("4242424242424241"))
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain("Luhn")

    const paid = await postHosted(gbc, hostedCard("4242 4242 4242 4242"))
    expect(paid.status).toBe(303)
    const loc = new URL(paid.headers.get("location"))
    expect(loc.searchParams.get("order_no")).toBe(req.order_no)
    expect(loc.searchParams.get("order_status")).toBe("1")
    const txId = loc.searchParams.get("transaction_id")
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${txId}`)).json()
    expect(state).toEqual(
      expect.objectContaining({ channel: "hosted", payment_status: "2000", notify_url: "https://shop.example/hooks" })
    )
    // one-time page
    const reuse = await postHosted(gbc, { card: "4242424242424242" })
    expect(reuse.status).toBe(410)
  })

  test("GET /sandbox/pages lists every page made, paid or not, with its transaction once paid", async () => {
    const { req: paidReq, r } = await openCheckout()
    const { req: openReq } = await openCheckout()
    const gbc = gbcOf(r)
    const paid = await postHosted(gbc, hostedCard("4242424242424242"))
    const txId = new URL(paid.headers.get("location")).searchParams.get("transaction_id")
    const list = await (await fetch(`${sb.url}/sandbox/pages`)).json()
    const of = (orderNo) => list.find((p) => p.order_no === orderNo)
    expect(of(paidReq.order_no)).toEqual({
      gbc_id: gbc,
      order_no: paidReq.order_no,
      currency: paidReq.currency,
      amount: paidReq.amount,
      created_at: expect.any(String),
      used: true,
      transaction_id: txId,
    })
    expect(of(openReq.order_no)).toMatchObject({ used: false, transaction_id: null })
    expect(JSON.stringify(list)).not.toContain("encryption_data")
  })

  test("3-D Secure card on the hosted page goes on to the issuer page", async () => {
    const { r } = await openCheckout()
    const gbc = gbcOf(r)
    const res = await postHosted(gbc, hostedCard("4000000000003220"))
    expect(res.status).toBe(303)
    const issuer = res.headers.get("location")
    expect(issuer).toMatch(/\/sandbox\/issuer\/T\d+$/)
    const done = await fetch(issuer, {
      method: "POST",
      body: new URLSearchParams({ outcome: "pass" }),
      redirect: "manual",
    })
    expect(done.status).toBe(303)
    expect(new URL(done.headers.get("location")).searchParams.get("order_status")).toBe("1")
  })

  test.each(["expiration_month", "expiration_year", "security_code"])(
    "hosted card page without %s: 400 page naming it, page still usable",
    async (field) => {
      const { r } = await openCheckout()
      const gbc = gbcOf(r)
      const fields = hostedCard("4242424242424242")
      delete fields[field]
      const res = await postHosted(gbc, fields)
      expect(res.status).toBe(400)
      expect(await res.text()).toContain(`${field} is required`)
      const paid = await postHosted(gbc, {
        ...fields,
        [field]: field === "security_code" ? "1234" : field === "expiration_month" ? "01" : "2098",
      })
      expect(paid.status).toBe(303)
    }
  )

  test("checkout refusals: bad signature, unknown page", async () => {
    const req = h.payment()
    delete req.card
    const r = await h.acq(sb, "/v1/checkout", { ...req, encryption_data: "0".repeat(64) }, { form: true })
    expect(r.status).toBe(400)
    expect(r.json.code).toBe("I0013")
    const unknown = await fetch(`${sb.url}/v1/checkout`, {
      method: "POST",
      body: new URLSearchParams({ gbc_id: "nope" }),
    })
    expect(unknown.status).toBe(404)
  })
})

describe("routing", () => {
  test("unknown acquiring path and wrong method", async () => {
    const r = await fetch(`${sb.url}/v1/nope`, { method: "POST", body: "{}" })
    expect(r.status).toBe(404)
    const g = await fetch(`${sb.url}/v1/authorise`)
    expect(g.status).toBe(405)
    const bad = await fetch(`${sb.url}/v1/authorise`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).source).toBe("body")
  })
})
