// Journeys of one checkout paying one way: card, decline then retry, 3-D Secure passed or failed then retried, risk review, APM, hosted page.
import { CARDS } from "../../../integration-tests/helpers/shopper"
import type { JourneyKind } from "./record"
import type { Journey, Trip } from "./trip"

/** A new cart and a card session with `number` posted to it; null when no session could be made. */
async function cardOnNewCart(t: Trip, number: string) {
  await t.newCart()
  const s = await t.session("card")
  if (!s) return null
  return { s, posted: await t.post(s.id, number) }
}

/** After a refusal, the good card on the same session, then complete; a refused retry ends the journey. */
async function retryOnSameSession(t: Trip, sessionId: string) {
  const again = await t.post(sessionId, CARDS.approve)
  if (again.view !== "declined") await t.complete([sessionId])
}

/** The journeys of one checkout and one way to pay (retries included). */
export const SINGLE_CHECKOUT_JOURNEYS = {
  async card_plain(t) {
    await t.newCart()
    t.variant(t.pick(["visa", "mastercard"]))
    await t.payAndComplete("card")
  },

  async decline_retry(t) {
    const declined = await cardOnNewCart(t, CARDS.decline)
    if (declined?.posted.view !== "declined") return
    const { s } = declined
    // Declined: the shopper gives up, tries another card on the same session, or picks a method again (new session).
    const how = t.pick([
      "same_session",
      "same_session",
      "new_session",
      "new_session_3ds",
      "other_method",
      "gives_up",
    ] as const)
    t.variant(how)
    if (how === "gives_up") return
    if (how === "same_session") return retryOnSameSession(t, s.id)
    await t.payAndComplete(
      how === "new_session" ? "card" : how === "new_session_3ds" ? "3ds" : t.pick(["apm", "hosted"] as const)
    )
  },

  async threeds_pass(t) {
    await t.newCart()
    t.variant(t.chance(0.3) ? "complete_before_bank" : "straight")
    const s = await t.session("card")
    if (!s) return
    const posted = await t.post(s.id, CARDS.threeDS)
    if (posted.view !== "redirect") return
    // Some shoppers come back (or a tab reloads) before finishing at the bank: not yet.
    if (t.rec.variant === "complete_before_bank") await t.complete([s.id])
    await t.bank(posted.issuerUrl, "pass")
    await t.complete([s.id])
  },

  async threeds_fail_retry(t) {
    const redirected = await cardOnNewCart(t, CARDS.threeDS)
    if (redirected?.posted.view !== "redirect") return
    const { s, posted } = redirected
    await t.bank(posted.issuerUrl, "fail")
    const shown = await t.complete([s.id])
    if (shown === "order") return
    const how = t.pick(["same_session_card", "new_card_session", "other_method", "gives_up"] as const)
    t.variant(how)
    if (how === "gives_up") return
    if (how === "same_session_card") return retryOnSameSession(t, s.id)
    await t.payAndComplete(how === "new_card_session" ? "card" : t.pick(["apm", "hosted"] as const))
  },

  async risk_review(t) {
    const held = await cardOnNewCart(t, CARDS.review)
    if (!held || held.posted.view === "declined") return
    await t.complete([held.s.id])
  },

  async apm(t) {
    await t.newCart()
    const outcome = t.chance(0.2) ? "fail" : "pass"
    t.variant(outcome)
    const s = await t.session("apm")
    if (!s || s.status === "error") return
    await t.bank(s.data?.issuer_url, outcome, "APM page")
    await t.complete([s.id])
  },

  async hosted(t) {
    await t.newCart()
    const number = t.pick([CARDS.approve, CARDS.approve, CARDS.threeDS, CARDS.decline])
    t.variant(number === CARDS.approve ? "approve" : number === CARDS.threeDS ? "3ds" : "decline")
    const s = await t.session("hosted")
    if (!s || s.status === "error") return
    await t.hosted(s, number)
    await t.complete([s.id])
  },
} satisfies Partial<Record<JourneyKind, Journey>>
