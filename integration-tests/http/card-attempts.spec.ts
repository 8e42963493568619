/**
 * The card route's caps and its owner check, through Medusa's HTTP API against the sandbox: every post that
 * may reach the gateway is counted BEFORE it is sent, refused and failed ones too, per client address (read
 * from the proxy's header this store names, IPv6 by /64), per payment session, per cart and per card; a post
 * names its cart, and a registered customer's cart takes posts from that customer only; a post repeated after
 * its answer was lost gets the first result instead of a second payment.
 *
 * The counters live in the module's table (gateway_card_attempt_counter, shared by every instance on the
 * database) for the whole suite, so each test uses its own client address (X-Forwarded-For, which this store
 * trusts) and its own card numbers. Counting across instances: two-instances.spec.ts.
 *
 * Only a post about to be sent leaves the trace the order sync reads for posts cut short (`card-sent:<session>`),
 * and a refusal takes it back: the suite's settling deadline is short (SETTLE_SECONDS, with timeouts short enough
 * to allow it) and an unknown outcome is alerted at once, so the sync and the alert check are run past it here.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { SeededStore } from "../../scripts/seed-store"
import { checkAlerts } from "../../src/alerts"
import { SHOPPER_DECLINES } from "../../src/domain/shopper-decline"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, Shopper } from "../helpers/shopper"
import { seededOnce } from "../helpers/fresh-store"
import { until } from "../helpers/until"

jest.setTimeout(300 * 1000)

const LIMITS = { address: 6, session: 3, cart: 4, card: 3 }
const SETTLE_SECONDS = 8
const gateway = useSandbox({
  GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: String(LIMITS.address),
  GATEWAY_CARD_ATTEMPTS_PER_SESSION: String(LIMITS.session),
  GATEWAY_CARD_ATTEMPTS_PER_CART: String(LIMITS.cart),
  GATEWAY_CARD_ATTEMPTS_PER_CARD: String(LIMITS.card),
  // The store sits behind one proxy that appends the client's address to X-Forwarded-For.
  GATEWAY_CLIENT_IP_HEADER: "x-forwarded-for",
  GATEWAY_TRUSTED_PROXIES: "1",
  // A short settling deadline (at least twice connect + total of the timeouts) and unknown outcomes alerted at once.
  GATEWAY_SETTLE_AFTER_SECONDS: String(SETTLE_SECONDS),
  GATEWAY_TIMEOUT_CONNECT_MS: "1000",
  GATEWAY_TIMEOUT_TOTAL_MS: "2000",
  GATEWAY_ALERTS_UNKNOWN_AFTER_MINUTES: "0",
})

/** A Luhn-valid card number (the sandbox approves any that is not one of its magic cards). */
function luhnCard(body15: string): string {
  for (let d = 0; d <= 9; d++) {
    const digits = body15 + d
    let sum = 0
    for (let i = 0; i < digits.length; i++) {
      let x = Number(digits[digits.length - 1 - i])
      if (i % 2 === 1) x = x * 2 > 9 ? x * 2 - 9 : x * 2
      sum += x
    }
    if (sum % 10 === 0) return digits
  }
  throw new Error("unreachable")
}

/** Numbers that fail the Luhn check: refused by the plugin's own validation before anything is sent. */
const typo = (i: number) => {
  const valid = luhnCard(`4242424242${String(i).padStart(5, "0")}`)
  return valid.slice(0, -1) + ((Number(valid.slice(-1)) + 1) % 10)
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const seeded = seededOnce(getContainer)
    let store: SeededStore
    let n = 0
    const authorises = () => gateway.sandbox.stats().byPath["/v1/authorise"] ?? 0

    beforeEach(async () => {
      gateway.sandbox.reset()
      store = seeded()
      n += 1
    })

    /** A guest posting from their own address. */
    const guestAt = (ip: string) => {
      const s = new Shopper(api as any, store)
      s.extraHeaders = { "x-forwarded-for": ip }
      return s
    }
    const registeredAt = async (ip: string, name: string) => {
      const s = await Shopper.register(api as any, store, `${name}${n}@example.com`)
      s.extraHeaders = { "x-forwarded-for": ip }
      return s
    }

    /** A card posted from `forwarded` (the X-Forwarded-For the proxy passes on) to a session that does not exist. */
    const postToNoSession = (forwarded: string) =>
      api
        .post(
          "/store/gateway/payment-sessions/payses_does_not_exist/card",
          { cart_id: "cart_does_not_exist", card: card(CARDS.approve) },
          { headers: { "x-publishable-api-key": store.publishableKey, "x-forwarded-for": forwarded } }
        )
        .catch((e: any) => e.response)

    it("a refused post counts like any other: past the per-session cap the gateway is not called (M2-2)", async () => {
      const ada = await registeredAt("203.0.113.10", "ada")
      const first = await ada.cartWithSession("pp_gateway_card")
      const saved = await ada.postCard(first.session.id, { card: card(luhnCard("510510510510510")), save_card: true })
      expect(saved.data.payment_session.status).toBe("authorized")
      expect((await ada.complete(first.cartId)).data.type).toBe("order")
      const [savedCard] = (await api.get("/store/gateway/saved-cards", ada.headers)).data.saved_cards
      // The gateway no longer knows the token: every payment with it is refused with an error (HTTP 404).
      await getContainer().resolve("gateway").updateGatewaySavedCards({ id: savedCard.id, token: "TKUNKNOWN0000" })

      const { session } = await ada.cartWithSession("pp_gateway_card")
      for (let i = 0; i < LIMITS.session; i++) {
        const refused = await ada.postCard(session.id, { saved_card_id: savedCard.id })
        expect(refused.status).toBe(400)
        // the shopper's category, never the gateway's code or message
        expect(refused.data).toMatchObject({ code: "declined", message: SHOPPER_DECLINES.declined })
        expect(JSON.stringify(refused.data)).not.toMatch(/I0404|Record not found|token_id/)
      }
      const before = authorises()
      const capped = await ada.postCard(session.id, { saved_card_id: savedCard.id })
      expect(capped.status).toBe(429)
      expect(capped.data.message).toMatch(new RegExp(`payment session ${session.id}: at most ${LIMITS.session}`))
      expect(authorises()).toBe(before)

      // Staff see the gateway's reason of the refusals, from the plugin's module.
      const admin = await createAdminHeaders(getContainer(), `admin-${n}@gateway.test`)
      const details = await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)
      expect(details.data.gateway_payment).toMatchObject({ decline_code: "I0404" })
      expect(details.data.gateway_payment.decline_message).toMatch(/Record not found/)
    })

    it("payment sessions are cheap: the cart counts the posts of all its sessions", async () => {
      const guest = guestAt("203.0.113.20")
      const { paymentCollectionId, session } = await guest.cartWithSession("pp_gateway_card")
      let current = session
      for (let i = 0; i < LIMITS.cart; i++) {
        if (i > 0) current = await guest.createSession(paymentCollectionId, "pp_gateway_card")
        const refused = await guest.postCard(current.id, { card: card(typo(i)) })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/Luhn/)
      }
      const fresh = await guest.createSession(paymentCollectionId, "pp_gateway_card")
      const before = authorises()
      const capped = await guest.postCard(fresh.id, { card: card(luhnCard("601111111111111")) })
      expect(capped.status).toBe(429)
      expect(capped.data.message).toMatch(new RegExp(`this cart: at most ${LIMITS.cart}`))
      expect(authorises()).toBe(before)
      expect(await gateway.transactions(fresh.id)).toHaveLength(0)
    })

    it("one card tried on many carts is still one card (a keyed hash of its number)", async () => {
      const guest = guestAt("203.0.113.30")
      for (let i = 0; i < LIMITS.card; i++) {
        const { session } = await guest.cartWithSession("pp_gateway_card")
        const declined = await guest.postCard(session.id, { card: card(CARDS.decline) })
        expect(declined.data.payment_session.status).toBe("error")
      }
      const { session } = await guest.cartWithSession("pp_gateway_card")
      const before = authorises()
      // typed differently, the same number
      const capped = await guest.postCard(session.id, { card: card(CARDS.decline.replace(/(\d{4})(?=\d)/g, "$1 ")) })
      expect(capped.status).toBe(429)
      expect(capped.data.message).toMatch(new RegExp(`this card: at most ${LIMITS.card}`))
      expect(authorises()).toBe(before)
      // another card on the same cart goes on
      expect(
        (await guest.postCard(session.id, { card: card(luhnCard("401288888888188")) })).data.payment_session.status
      ).toBe("authorized")
      // The counter of a card is keyed by a keyed hash: no counter key holds a card number.
      const keys: string[] = (await dbConnection.raw("select key from gateway_card_attempt_counter")).rows.map(
        (r: any) => r.key
      )
      const cardKeys = keys.filter((k) => k.startsWith("card-attempt:card:"))
      expect(cardKeys.length).toBeGreaterThanOrEqual(2)
      for (const k of cardKeys) expect(k).toMatch(/^card-attempt:card:[0-9a-f]{32}$/)
      expect(
        keys.filter((k) => [CARDS.decline, luhnCard("401288888888188")].some((number) => k.includes(number)))
      ).toEqual([])
    })

    it("the address is the proxy's entry of X-Forwarded-For, IPv6 counted per /64 (M2-1)", async () => {
      // A client's own (spoofed) entries on the left change nothing: the proxy appends the real one.
      for (let i = 0; i < LIMITS.address; i++)
        expect((await postToNoSession(`10.0.0.${i}, 2001:db8:aa:1::${i + 1}`)).status).toBe(404)
      const capped = await postToNoSession("2001:db8:aa:1:ffff:ffff:ffff:9")
      expect(capped.status).toBe(429)
      expect(capped.data.message).toMatch(/this address/)
      expect((await postToNoSession("2001:db8:aa:2::1")).status).toBe(404) // another /64
      expect((await postToNoSession("198.51.100.77")).status).toBe(404)
    })

    it("a post names the session's cart; a registered customer's cart takes posts from that customer only (L2-3)", async () => {
      const ada = await registeredAt("203.0.113.40", "ada")
      const grace = await registeredAt("203.0.113.41", "grace")
      const guest = guestAt("203.0.113.42")
      const number = luhnCard("555555555555444")
      const { cartId, session } = await ada.cartWithSession("pp_gateway_card")
      const other = await guest.cartWithSession("pp_gateway_card")
      const before = authorises()

      const url = `/store/gateway/payment-sessions/${session.id}/card`
      const noCart = await api.post(url, { card: card(number) }, ada.headers).catch((e: any) => e.response)
      expect(noCart.status).toBe(400)
      expect(noCart.data.message).toMatch(/cart_id/)
      const wrongCart = await api
        .post(url, { cart_id: other.cartId, card: card(number) }, ada.headers)
        .catch((e: any) => e.response)
      expect(wrongCart.status).toBe(404)
      const asGuest = await guest.postCard(session.id, { cart_id: cartId, card: card(number) })
      expect(asGuest.status).toBe(401)
      const asGrace = await grace.postCard(session.id, { cart_id: cartId, card: card(number) })
      expect(asGrace.status).toBe(404)
      expect(authorises()).toBe(before)
      expect(await gateway.transactions(session.id)).toHaveLength(0)

      const asAda = await ada.postCard(session.id, { cart_id: cartId, card: card(number) })
      expect(asAda.data.payment_session.status).toBe("authorized")
      // A guest's cart (its customer has no account) takes the guest's post with the cart id.
      expect(
        (await guest.postCard(other.session.id, { card: card(luhnCard("520000000000000")) })).data.payment_session
          .status
      ).toBe("authorized")
    })

    it("a post repeated after its answer was lost answers the first result, never a second payment", async () => {
      const guest = guestAt("203.0.113.50")
      const number = luhnCard("411111111111111")
      const { cartId, session } = await guest.cartWithSession("pp_gateway_card")
      const first = await guest.postCard(session.id, { card: card(number) })
      expect(first.data.payment_session.status).toBe("authorized")
      const again = await guest.postCard(session.id, { card: card(number) })
      expect(again.status).toBe(200)
      expect(again.data.payment_session).toEqual(first.data.payment_session)
      expect(await gateway.transactions(session.id)).toHaveLength(1)

      const held = await guest.cartWithSession("pp_gateway_card")
      const review = await guest.postCard(held.session.id, { card: card(CARDS.review) })
      expect(review.data.payment_session.status).toBe("pending_authorization")
      const reviewAgain = await guest.postCard(held.session.id, { card: card(CARDS.review) })
      expect(reviewAgain.status).toBe(200)
      expect(reviewAgain.data.payment_session.status).toBe("pending_authorization")
      expect(await gateway.transactions(held.session.id)).toHaveLength(1)
      expect((await guest.complete(cartId)).data.type).toBe("order")
    })

    it("concurrent posts are counted in the shared table, each once: exactly the cap passes", async () => {
      const ip = "192.0.2.61"
      const post = () => postToNoSession(ip)
      const statuses = (await Promise.all(Array.from({ length: 15 }, post))).map((r) => r.status)
      expect(statuses.filter((s) => s === 404)).toHaveLength(LIMITS.address) // went past the address cap
      expect(statuses.filter((s) => s === 429)).toHaveLength(15 - LIMITS.address)
      const { rows } = await dbConnection.raw("select hits from gateway_card_attempt_counter where key = ?", [
        `card-attempt:address:${ip}`,
      ])
      expect(rows).toEqual([{ hits: 15 }]) // refused posts count too
    })

    it("a post refused before it is sent, by the gateway (4xx) or by a cap leaves no card-sent trace: past the deadline the order sync does not take it for a post cut short, and no lost-answer alert is raised (N-6)", async () => {
      const gatewayModule = getContainer().resolve("gateway")
      const traceOf = async (sessionId: string) =>
        (
          await dbConnection.raw("select hits from gateway_card_attempt_counter where key = ?", [
            `card-sent:${sessionId}`,
          ])
        ).rows[0]?.hits ?? 0

      // An answered post: its trace is taken back once its answer is in the session.
      const ada = await registeredAt("203.0.113.80", "ada")
      const paid = await ada.cartWithSession("pp_gateway_card")
      expect(
        (await ada.postCard(paid.session.id, { card: card(luhnCard("530000000000001")), save_card: true })).data
          .payment_session.status
      ).toBe("authorized")
      // Taken back just after the answer is sent (still under the payment's lock).
      await until("the answered post's card-sent trace taken back", async () => (await traceOf(paid.session.id)) === 0)
      expect((await ada.complete(paid.cartId)).data.type).toBe("order")
      const [savedCard] = (await api.get("/store/gateway/saved-cards", ada.headers)).data.saved_cards

      // Refused by the gateway with a 4xx (a token it does not know: HTTP 404 I0404): a definite answer, nothing authorised.
      await gatewayModule.updateGatewaySavedCards({ id: savedCard.id, token: "TKUNKNOWN0080" })
      const byGateway = await ada.cartWithSession("pp_gateway_card")
      const before = authorises()
      const refusedByGateway = await ada.postCard(byGateway.session.id, { saved_card_id: savedCard.id })
      expect(refusedByGateway.status).toBe(400)
      expect(refusedByGateway.data).toMatchObject({ code: "declined", message: SHOPPER_DECLINES.declined })
      expect(authorises()).toBe(before + 1) // it reached the gateway
      // An expired saved card: refused by the route before anything is sent.
      await gatewayModule.updateGatewaySavedCards({ id: savedCard.id, exp_month: "01", exp_year: "2020" })
      const expired = await ada.cartWithSession("pp_gateway_card")
      const refusedExpired = await ada.postCard(expired.session.id, { saved_card_id: savedCard.id })
      expect(refusedExpired.status).toBe(400)
      expect(refusedExpired.data.message).toMatch(/expired/)
      // A number failing the Luhn check: refused by the plugin's validation before it is sent.
      const guest = guestAt("203.0.113.81")
      const local = await guest.cartWithSession("pp_gateway_card")
      const refusedLocally = await guest.postCard(local.session.id, { card: card(typo(90)) })
      expect(refusedLocally.status).toBe(400)
      expect(refusedLocally.data.message).toMatch(/Luhn/)
      // Refused by the per-cart cap (429), counted in the same statement as its session's counter.
      const capper = guestAt("203.0.113.82")
      const capped = await capper.cartWithSession("pp_gateway_card")
      let current = capped.session
      for (let i = 0; i < LIMITS.cart; i++) {
        if (i > 0) current = await capper.createSession(capped.paymentCollectionId, "pp_gateway_card")
        expect((await capper.postCard(current.id, { card: card(typo(91 + i)) })).status).toBe(400)
      }
      const overCap = await capper.createSession(capped.paymentCollectionId, "pp_gateway_card")
      const refusedByCap = await capper.postCard(overCap.id, { card: card(luhnCard("601100000000001")) })
      expect(refusedByCap.status).toBe(429)
      expect(refusedByCap.data.message).toMatch(/this cart/)
      expect(authorises()).toBe(before + 1)

      // A post cut short after it was sent (crash-recovery.spec.ts): the route's counters and its card-sent trace,
      // and the gateway authorised it. Read by the same run of the sync: it is not the trace's absence that spares the others.
      const late = guestAt("203.0.113.83")
      const cut = await late.cartWithSession("pp_gateway_card")
      await gatewayModule.takeCardAttempt({ session: cut.session.id, cart: cut.cartId })
      await gatewayModule.markCardPostSent(cut.session.id)
      const made = await fetch(`${gateway.sandbox.url}/sandbox/transactions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          transactions: [
            {
              order_no: cut.session.id,
              currency: "USD",
              amount: Number(cut.session.amount).toFixed(2),
              state: "authorized",
            },
          ],
        }),
      })
      expect(made.status).toBe(201)
      // The shopper posts again: the gateway refuses the order number it has authorised already (HTTP 400 I0030, "try
      // again later" to the shopper). That refusal takes back its own trace only: the post cut short stays traced.
      const again = await late.postCard(cut.session.id, { card: card(luhnCard("601100000000019")) })
      expect(again.data).toMatchObject({ code: "try_again_later", message: SHOPPER_DECLINES.try_again_later })
      expect(authorises()).toBe(before + 2)

      const refused = {
        byGateway: byGateway.session.id,
        expired: expired.session.id,
        local: local.session.id,
        cap: overCap.id as string,
      }
      for (const id of Object.values(refused)) expect(await traceOf(id)).toBe(0)
      expect(await traceOf(cut.session.id)).toBe(1)

      await new Promise((r) => setTimeout(r, (SETTLE_SECONDS + 1) * 1000))
      const admin = await createAdminHeaders(getContainer(), `admin-${n}@gateway.test`)
      const run = (await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)).data.summary
      expect(run.status).toBe("succeeded")
      const payments = getContainer().resolve(Modules.PAYMENT)
      const sessions = new Map(
        (await payments.listPaymentSessions({ id: [...Object.values(refused), cut.session.id] })).map((s: any) => [
          s.id,
          s,
        ])
      )
      for (const [how, id] of Object.entries(refused)) {
        const s = sessions.get(id)!
        expect({ how, status: s.status, outcome_unknown: s.data?.outcome_unknown ?? false }).toEqual({
          how,
          status: "pending",
          outcome_unknown: false,
        })
      }
      expect(sessions.get(cut.session.id)!.status).toBe("authorized") // the post cut short is still found

      await checkAlerts(getContainer())
      const { rows } = await dbConnection.raw(
        "select idempotency_key from notification where idempotency_key like 'gateway-alert:unknown:%'"
      )
      const lostAnswers = rows.map((r: any) => r.idempotency_key as string)
      for (const id of Object.values(refused)) expect(lostAnswers.filter((k: string) => k.includes(id))).toEqual([])
    })

    it("a counter adds each of many concurrent hits once; a window starts at a key's first hit, and expired counters are deleted", async () => {
      const gatewayModule = getContainer().resolve("gateway")
      const key = `test-concurrent-${n}`
      const counts = await Promise.all(
        Array.from({ length: 60 }, () => gatewayModule.countCardAttempts([key], 60).then(([c]) => c))
      )
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))

      // Several keys of one post, in any order, answered in the order asked.
      expect(await gatewayModule.countCardAttempts([`w-b-${n}`, `w-a-${n}`], 1)).toEqual([1, 1])
      expect(await gatewayModule.countCardAttempts([`w-a-${n}`, `w-b-${n}`], 1)).toEqual([2, 2])
      await new Promise((r) => setTimeout(r, 1500))
      // The window of w-a is over: a new one starts at 1. The call deletes the counters whose window is over.
      expect(await gatewayModule.countCardAttempts([`w-a-${n}`], 1)).toEqual([1])
      const { rows } = await dbConnection.raw("select key from gateway_card_attempt_counter where key like ?", [
        `w-%-${n}`,
      ])
      expect(rows.map((r: any) => r.key)).toEqual([`w-a-${n}`])
    })
  },
})
