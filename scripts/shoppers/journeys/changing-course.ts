// Journeys of a shopper changing course: switching methods at the bank, two tabs, double clicks, the back button after paying.
import { CARDS } from "../../../integration-tests/helpers/shopper"
import type { JourneyKind } from "./record"
import { REDIRECTS, type Journey } from "./trip"

/** The journeys where the shopper changes course or repeats a step mid-checkout. */
export const CHANGING_COURSE_JOURNEYS = {
  async switch_methods(t) {
    await t.newCart()
    // Mostly at the bank (APM, 3-D Secure, hosted page); now and then a card already authorised (its void on the
    // session's deletion meets the faults on /v1/cancel).
    const old = t.pick([...REDIRECTS, ...REDIRECTS, "card"] as const)
    const next = t.pick((["card", "3ds", "apm", "hosted"] as const).filter((m) => m !== old))
    const when =
      old === "card"
        ? "card_authorised"
        : t.pick(["after_order", "after_order", "before_complete", "after_order_then_return"] as const)
    t.variant(`${old}->${next}/${when}`)
    const started = old === "card" ? await t.authorisedCard() : await t.startRedirect(old)
    if (!started) return
    // Back button: another method; creating its session deletes the old one (Medusa).
    const s = await t.session(next)
    t.note(started.sessionId, "replaced (back button, another method)")
    if (!s || s.status === "error") {
      if (when === "before_complete" || when === "after_order_then_return") await started.finish("pass")
      return
    }
    let paidNew = true
    if (next === "card" || next === "3ds") {
      const posted = await t.post(s.id, next === "card" ? CARDS.approve : CARDS.threeDS)
      if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
      paidNew = posted.view !== "declined"
    } else if (next === "apm") {
      await t.bank(s.data?.issuer_url, "pass", "APM page")
    } else {
      await t.hosted(s, CARDS.approve)
    }
    // The old one finished at the bank after all: before the new one's completion, or after the order.
    if (when === "before_complete") await started.finish("pass")
    if (paidNew) await t.complete([s.id])
    if (when === "after_order" || when === "after_order_then_return") {
      await t.sleep(t.random.int(0, 1500))
      const finished = await started.finish("pass")
      // The bank sends the shopper back to the store's return page, which completes the cart again.
      if (finished && when === "after_order_then_return") await t.complete([s.id], t.checkout, "return page")
    }
  },

  async two_tabs(t) {
    const c = await t.newCart()
    const second = t.pick(["card", "card", "apm"] as const)
    t.variant(`card+${second}`)
    // Two tabs create their sessions at once on one collection. Each answer lists the collection's sessions as its
    // workflow left them, the other tab's too when it was quicker: tab 1 pays the oldest card session it was
    // answered, tab 2 the newest, so that two sessions made at once are both paid (one session if only one survived).
    const [a, b] = await Promise.all([t.session("card", c, (all) => all[all.length - 1] ?? null), t.session(second, c)])
    const paying: Promise<string | null>[] = []
    if (a && a.status !== "error") {
      paying.push(
        t.post(a.id, CARDS.approve).then(async (p) => {
          if (p.view === "redirect") await t.bank(p.issuerUrl, "pass")
          return p.view === "declined" ? null : a.id
        })
      )
    }
    if (b && b.status !== "error") {
      paying.push(
        second === "apm"
          ? t.bank(b.data?.issuer_url, "pass", "APM page (tab 2)").then(() => b.id)
          : t.post(b.id, CARDS.approve).then((p) => (p.view === "declined" ? null : b.id))
      )
    }
    const paid = (await Promise.all(paying)).filter((x): x is string => Boolean(x))
    if (!paid.length) return
    // Both tabs complete; the shopper saw whatever the last answer of either tab said, an order if any did.
    const results = await Promise.all([t.complete(paid, c, "tab 1"), t.complete(paid, c, "tab 2")])
    if (results.includes("order")) t.show("order", "one of the tabs: order", paid, c)
  },

  async double_click(t) {
    await t.newCart()
    const number = t.chance(0.75) ? CARDS.approve : CARDS.threeDS
    t.variant(number === CARDS.approve ? "card" : "3ds")
    const s = await t.session("card")
    if (!s) return
    const [p1, p2] = await Promise.all([t.post(s.id, number), t.post(s.id, number)])
    // The browser shows the answer of the second click.
    const seen = p2.answer.status === 200 ? p2 : p1
    if (seen.view === "redirect") await t.bank(seen.issuerUrl, "pass")
    if (seen.view === "declined") return
    const [c1, c2] = await Promise.all([
      t.complete([s.id], t.checkout, "click 1"),
      t.complete([s.id], t.checkout, "click 2"),
    ])
    if (c1 === "order" || c2 === "order") t.show("order", "one of the clicks: order", [s.id])
  },

  async back_after_pay(t) {
    await t.newCart()
    const method = t.pick(["card", "card", "3ds"] as const)
    const after = t.pick(["complete_again", "card_again", "new_session_and_card"] as const)
    t.variant(`${method}/${after}`)
    const s = await t.session(method)
    if (!s) return
    const posted = await t.post(s.id, method === "card" ? CARDS.approve : CARDS.threeDS)
    if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
    if (posted.view === "declined") return
    const shown = await t.complete([s.id])
    if (shown !== "order") return
    const c = t.checkout
    const order = { shown: c.shown, by: c.shown_by, sessions: c.final_sessions }
    // Back button on the confirmation: the payment step again.
    await t.complete([s.id], c, "back button")
    if (after !== "complete_again") {
      if (after === "card_again") {
        await t.post(s.id, CARDS.approve)
      } else {
        const again = await t.session("card")
        if (again) await t.post(again.id, CARDS.approve)
      }
      await t.complete([s.id], c, "back button, pay again")
    }
    // What the shopper was shown first stands: the order (later pages say the same or refuse).
    t.show(order.shown, order.by, order.sessions)
  },
} satisfies Partial<Record<JourneyKind, Journey>>
