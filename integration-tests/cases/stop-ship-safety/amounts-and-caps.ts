// Stop-ship 7 and 8: a gateway record for another amount never authorises; the card route is locked and capped.
import { runOrderSync } from "../../../src/reconciliation"
import { CARDS, card } from "../../helpers/shopper"
import { PER_ADDRESS, PER_SESSION, type StopShipEnv } from "./context"

export function amountAndCapCases(env: StopShipEnv) {
  const { api, getContainer, gateway, signer, stats, paymentOf } = env

  it("7. a gateway record for another amount is a discrepancy and never authorises the session", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_hosted")
    // The hosted page passed through the shopper's browser and came back for one dollar.
    const client = signer()
    const res = await client.authorise({
      order_no: session.id,
      currency: "USD",
      amount: "1.00",
      card: CARDS.approve,
      expiration_month: "12",
      expiration_year: String(new Date().getUTCFullYear() + 2),
      security_code: "123",
      return_url: "http://localhost:8000/checkout/return",
    } as any)
    expect(res.outcome).toBe("approved")
    await client.close()
    const sync = await runOrderSync(getContainer())
    expect(sync.discrepancies.find((d) => d.order_no === session.id)?.reason).toMatch(
      /amount 1.00 USD is not the session's/
    )
    const done = await env.shopper.complete(cartId)
    expect(done.data.type).not.toBe("order")
    expect(await paymentOf(session.id)).toBeUndefined()
  })

  it("8. two card posts at once authorise once (the second answers the first's result); past the per-session cap the route answers 429 without calling the gateway", async () => {
    const { session } = await env.shopper.cartWithSession("pp_gateway_card")
    const [a, b] = await Promise.all([
      env.shopper.postCard(session.id, { card: card(CARDS.approve) }),
      env.shopper.postCard(session.id, { card: card(CARDS.approve) }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect([a.data.payment_session.status, b.data.payment_session.status]).toEqual(["authorized", "authorized"])
    expect(a.data.payment_session.data.transaction_id).toBe(b.data.payment_session.data.transaction_id)
    expect(await gateway.transactions(session.id)).toHaveLength(1)

    const other = await env.shopper.cartWithSession("pp_gateway_card")
    for (let i = 0; i < PER_SESSION; i++) {
      expect(
        (await env.shopper.postCard(other.session.id, { card: card(CARDS.decline) })).data.payment_session.status
      ).toBe("error")
    }
    const before = (await stats()).byPath["/v1/authorise"]
    const capped = await env.shopper.postCard(other.session.id, { card: card(CARDS.approve) })
    expect(capped.status).toBe(429)
    expect(capped.data.message).toMatch(/at most 3/)
    expect((await stats()).byPath["/v1/authorise"]).toBe(before)
  })

  it("8. past the per-address cap every card post answers 429, whatever X-Forwarded-For says (runs last: it spends this address's allowance)", async () => {
    const statuses: number[] = []
    for (let i = 0; i < PER_ADDRESS + 1 && !statuses.includes(429); i++) {
      // Without a proxy configured (option client_ip), the socket's address counts: a new X-Forwarded-For per
      // post (a card tester's trick) changes nothing.
      const spoofed = { headers: { ...env.shopper.headers.headers, "x-forwarded-for": `198.51.100.${i % 250}` } }
      const res = await api
        .post(
          "/store/gateway/payment-sessions/payses_does_not_exist/card",
          { cart_id: "cart_nope", card: card(CARDS.approve) },
          spoofed
        )
        .catch((e: any) => e.response)
      statuses.push(res.status)
    }
    expect(statuses).toContain(429)
    expect(statuses.filter((s) => s !== 429 && s !== 404)).toEqual([])
    const { session } = await env.shopper.cartWithSession("pp_gateway_card")
    const refused = await env.shopper.postCard(session.id, { card: card(CARDS.approve) })
    expect(refused.status).toBe(429)
    expect(refused.data.message).toMatch(/this address/)
    expect(await gateway.transactions(session.id)).toHaveLength(0)
  })
}
