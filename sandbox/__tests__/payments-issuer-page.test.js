// Sandbox 3-D Secure and APM issuer page: outcomes, the documented POST hand-off of return_url and notify_url.
"use strict"
const h = require("./helpers")

const sb = h.useSandbox({}, { resetEach: false })

describe("3-D Secure issuer page", () => {
  test("pass: order_status -1 with issuer_url; POST outcome=pass answers 303 to return_url", async () => {
    const x = await h.authorise(sb, { card: "4000000000003220" })
    expect(x.order_status).toBe("-1")
    expect(x.result_info).toBe("P0001:Redirect required")
    expect(x.issuer_url).toBe(`${sb.url}/sandbox/issuer/${x.transaction_id}`)
    const page = await fetch(x.issuer_url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`action="${sb.url}/sandbox/issuer/${x.transaction_id}"`)
    expect(html).toMatch(/name="outcome" value="pass"/)
    const res = await h.postForm(x.issuer_url, { outcome: "pass" })
    expect(res.status).toBe(303)
    const loc = new URL(res.headers.get("location"))
    expect(loc.origin + loc.pathname).toBe("https://shop.example/checkout/return")
    expect(Object.fromEntries(loc.searchParams)).toEqual({
      order_no: x.order_no,
      transaction_id: x.transaction_id,
      order_status: "1",
    })
    const q = await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id })
    expect(q.json.orders_list[0]).toEqual(
      expect.objectContaining({ payment_status: "2000", query_result: "1", is3ds: "1" })
    )
  })

  test("fail: 303 with order_status 0 and payment_status 6100 / query_result 5", async () => {
    const x = await h.authorise(sb, { card: "4000000000003220" })
    const q0 = await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id })
    expect(q0.json.orders_list[0]).toEqual(expect.objectContaining({ payment_status: "1000", query_result: "-1" }))
    const res = await h.postForm(x.issuer_url, { outcome: "fail" })
    expect(res.status).toBe(303)
    expect(new URL(res.headers.get("location")).searchParams.get("order_status")).toBe("0")
    const q = await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id })
    expect(q.json.orders_list[0]).toEqual(expect.objectContaining({ payment_status: "6100", query_result: "5" }))
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state.threeds_result).toBe("N")
  })

  test("without return_url the issuer answers a result page; a second POST changes nothing", async () => {
    const x = await h.authorise(sb, { card: "4000000000003220", return_url: undefined })
    const res = await fetch(x.issuer_url, { method: "POST", redirect: "manual" })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<dd id="order_status">1</dd>')
    const again = await fetch(x.issuer_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "outcome=fail",
    })
    expect(await again.text()).toContain('<dd id="order_status">1</dd>')
    expect((await fetch(`${sb.url}/sandbox/issuer/TNOPE`)).status).toBe(404)
  })

  test("APM: payment_method without card data goes through the issuer page", async () => {
    const req = h.payment({ payment_method: "alipay" })
    for (const f of ["card", ...h.CARD_FIELDS]) delete req[f]
    const r = await h.acq(sb, "/v1/authorise", req)
    expect(r.xml.order_status).toBe("-1")
    expect(r.xml.issuer_url).toContain("/sandbox/issuer/")
    const res = await h.postForm(r.xml.issuer_url, { outcome: "fail" })
    expect(new URL(res.headers.get("location")).searchParams.get("order_status")).toBe("0")
    const q = await h.acq(sb, "/v1/retrievalTrans", { trades: r.xml.transaction_id })
    expect(q.json.orders_list[0].payment_status).toBe("6000")
  })
  /** The challenge form of an issuer page: its action and hidden inputs, as a browser would submit it. */
  function challengeForm(html) {
    const form = /<form id="issuerForm" method="POST" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html)
    expect(form).not.toBeNull()
    const hidden = {}
    for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      hidden[m[1]] = m[2].replace(/&amp;/g, "&")
    return { action: form[1].replace(/&amp;/g, "&"), hidden }
  }

  /** POST a form as a browser does (application/x-www-form-urlencoded). */
  const { postForm } = h

  test("documented hand-off: POST return_url + notify_url -> challenge page; outcome -> 303 to the posted return_url, notification to the posted notify_url", async () => {
    const ownRx = await h.receiver([200])
    const postedRx = await h.receiver([200])
    const x = await h.authorise(sb, {
      card: "4000000000003220",
      notify_url: ownRx.url,
      return_url: "https://shop.example/own-return",
    })
    const returnUrl = "https://shop.example/checkout/return?session=ps_1&step=3ds"
    const challenge = await postForm(x.issuer_url, { return_url: returnUrl, notify_url: postedRx.url })
    expect(challenge.status).toBe(200)
    expect(challenge.headers.get("content-type")).toMatch(/text\/html/)
    const html = await challenge.text()
    expect(html).toMatch(/name="outcome" value="pass"/)
    expect(html).toMatch(/name="outcome" value="fail"/)
    const form = challengeForm(html)
    expect(form.action).toBe(x.issuer_url)
    expect(form.hidden).toEqual({ return_url: returnUrl, notify_url: postedRx.url })
    // nothing is decided by the hand-off itself
    const pending = await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id })
    expect(pending.json.orders_list[0].payment_status).toBe("1000")

    const done = await postForm(form.action, { ...form.hidden, outcome: "pass" })
    expect(done.status).toBe(303)
    const loc = new URL(done.headers.get("location"))
    expect(loc.origin + loc.pathname).toBe("https://shop.example/checkout/return")
    expect(Object.fromEntries(loc.searchParams)).toEqual({
      session: "ps_1",
      step: "3ds",
      order_no: x.order_no,
      transaction_id: x.transaction_id,
      order_status: "1",
    })
    const note = await h.waitFor(() => postedRx.received[0])
    const b = JSON.parse(note.body)
    expect(b).toEqual(
      expect.objectContaining({
        notify_type: "PAYMENT",
        transaction_id: x.transaction_id,
        order_status: "1",
        payment_status: "2000",
      })
    )
    expect(b.encryption_data).toBe(h.acqSign("response", b))
    // later events still go to the payment's own notify_url
    await h.acq(sb, "/v1/capture", {
      capture_orders: [{ transaction_id: x.transaction_id, order_no: x.order_no, currency: "USD", amount: "10.36" }],
    })
    const capture = await h.waitFor(() => ownRx.received[0])
    expect(JSON.parse(capture.body).notify_type).toBe("CAPTURE")
    await new Promise((r) => setTimeout(r, 50))
    expect(ownRx.received.map((m) => JSON.parse(m.body).notify_type)).toEqual(["CAPTURE"])
    expect(postedRx.received).toHaveLength(1)
  })

  test("hand-off with fail: 303 to the posted return_url with order_status 0", async () => {
    const x = await h.authorise(sb, { card: "4000000000003220" })
    const challenge = await postForm(x.issuer_url, { return_url: "https://shop.example/r3" })
    const form = challengeForm(await challenge.text())
    expect(form.hidden).toEqual({ return_url: "https://shop.example/r3" })
    const done = await postForm(form.action, { ...form.hidden, outcome: "fail" })
    expect(done.status).toBe(303)
    const loc = new URL(done.headers.get("location"))
    expect(loc.origin + loc.pathname).toBe("https://shop.example/r3")
    expect(loc.searchParams.get("order_status")).toBe("0")
  })

  test("posted URLs missing from the outcome POST: fall back to the transaction's return_url and notify_url", async () => {
    const rx = await h.receiver([200])
    const x = await h.authorise(sb, { card: "4000000000003220", notify_url: rx.url })
    const challenge = await postForm(x.issuer_url, { return_url: "https://shop.example/posted" })
    expect(challengeForm(await challenge.text()).hidden).toEqual({ return_url: "https://shop.example/posted" })
    // an outcome POST without the hidden fields: the transaction's own URLs
    const done = await postForm(x.issuer_url, { outcome: "pass" })
    expect(done.status).toBe(303)
    const loc = new URL(done.headers.get("location"))
    expect(loc.origin + loc.pathname).toBe("https://shop.example/checkout/return")
    const b = JSON.parse((await h.waitFor(() => rx.received[0])).body)
    expect(b).toEqual(
      expect.objectContaining({ notify_type: "PAYMENT", transaction_id: x.transaction_id, payment_status: "2000" })
    )
  })

  test("a transaction without return_url / notify_url adopts the posted ones (later notifications too)", async () => {
    const rx = await h.receiver([200])
    const x = await h.authorise(sb, { card: "4000000000003220", return_url: undefined })
    const challenge = await postForm(x.issuer_url, { return_url: "https://shop.example/adopted", notify_url: rx.url })
    const form = challengeForm(await challenge.text())
    const done = await postForm(form.action, { ...form.hidden, outcome: "pass" })
    expect(new URL(done.headers.get("location")).pathname).toBe("/adopted")
    await h.waitFor(() => rx.received.length >= 1)
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state).toEqual(
      expect.objectContaining({
        return_url: "https://shop.example/adopted",
        notify_url: rx.url,
        payment_status: "2000",
      })
    )
    await h.acq(sb, "/v1/cancel", {
      cancel_orders: [{ transaction_id: x.transaction_id, order_no: x.order_no, currency: "USD", amount: "10.36" }],
    })
    await h.waitFor(() => rx.received.length >= 2)
    expect(rx.received.map((m) => JSON.parse(m.body).notify_type)).toEqual(["PAYMENT", "CANCEL"])
  })

  test("hand-off as JSON works too; a posted URL that is not http(s) is 400; a bad outcome is 400", async () => {
    const x = await h.authorise(sb, { card: "4000000000003220" })
    const json = await fetch(x.issuer_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ return_url: "https://shop.example/j" }),
    })
    expect(json.status).toBe(200)
    expect(challengeForm(await json.text()).hidden).toEqual({ return_url: "https://shop.example/j" })
    expect((await postForm(x.issuer_url, { return_url: "javascript:alert(1)" })).status).toBe(400)
    expect((await postForm(x.issuer_url, { notify_url: "ftp://x" })).status).toBe(400)
    expect((await postForm(x.issuer_url, { outcome: "maybe" })).status).toBe(400)
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state.payment_status).toBe("1000")
  })

  test("APM issuer page takes the same hand-off", async () => {
    const rx = await h.receiver([200])
    const req = h.payment({ payment_method: "alipay" })
    for (const f of ["card", ...h.CARD_FIELDS]) delete req[f]
    const r = await h.acq(sb, "/v1/authorise", req)
    const challenge = await postForm(r.xml.issuer_url, {
      return_url: "https://shop.example/apm-return",
      notify_url: rx.url,
    })
    const html = await challenge.text()
    expect(html).toContain("Payment with alipay")
    const form = challengeForm(html)
    const done = await postForm(form.action, { ...form.hidden, outcome: "pass" })
    expect(done.status).toBe(303)
    expect(new URL(done.headers.get("location")).pathname).toBe("/apm-return")
    const b = JSON.parse((await h.waitFor(() => rx.received[0])).body)
    expect(b).toEqual(expect.objectContaining({ transaction_id: r.xml.transaction_id, payment_status: "2000" }))
  })
})
