// Journeys finished late or never: at the bank after the cart changed or after the release time, and abandoned checkouts.
import { CARDS } from "../../../integration-tests/helpers/shopper"
import type { JourneyKind } from "./record"
import { REDIRECTS, type Journey } from "./trip"

/** The journeys whose shopper finishes at the bank too late, or leaves. */
export const LATE_AND_ABANDONED_JOURNEYS = {
  async late_after_cart_change(t) {
    await t.newCart()
    // At the bank (or, now and then, a card already authorised) when the cart changes.
    const kind = t.pick([...REDIRECTS, ...REDIRECTS, "card"] as const)
    const then = t.pick(["pays_again", "pays_again", "returns_only", "leaves"] as const)
    t.variant(`${kind}/${then}`)
    const started = kind === "card" ? await t.authorisedCard() : await t.startRedirect(kind)
    if (!started) return
    // The shopper adds an item in another tab: Medusa refreshes the collection and deletes its sessions.
    const added = await t.shop.addItem(t.checkout.cart_id, t.env.seeded.variants.mug, 1)
    t.log(`add item: HTTP ${added.status}`)
    t.note(started.sessionId, "cart changed (sessions deleted)")
    await t.sleep(t.random.int(0, 1500))
    await started.finish("pass")
    if (then === "leaves") {
      t.show("processing", kind === "card" ? "left after the cart changed" : "finished at the bank, never came back", [
        started.sessionId,
      ])
      return
    }
    await t.complete([started.sessionId], t.checkout, "return page")
    if (then === "pays_again" && t.checkout.shown !== "order")
      await t.payAndComplete(t.pick(["card", "3ds", "apm", "hosted"] as const))
  },

  async late_after_ttl(t) {
    await t.newCart()
    const kind = t.pick(REDIRECTS)
    t.variant(kind)
    const started = await t.startRedirect(kind)
    if (!started) return
    // The shopper finishes at the bank only after the store's release time has passed.
    await t.sleep((t.env.releaseAfterSeconds + 3) * 1000 + t.random.int(0, 2000))
    await started.finish("pass")
    await t.complete([started.sessionId], t.checkout, "return page")
  },

  async abandon(t) {
    await t.newCart()
    const how = t.pick([
      "card_authorised",
      "apm_never_finished",
      "threeds_passed_never_back",
      "hosted_paid_never_back",
    ] as const)
    t.variant(how)
    if (how === "card_authorised") {
      const s = await t.session("card")
      if (!s) return
      await t.post(s.id, CARDS.approve)
    } else {
      const started = await t.startRedirect(
        how === "apm_never_finished" ? "apm" : how === "hosted_paid_never_back" ? "hosted" : "3ds"
      )
      if (!started) return
      if (how !== "apm_never_finished") await started.finish("pass")
    }
    // The shopper closes the tab: whatever they saw last, nothing told them it was done.
    const c = t.checkout
    if (c.shown !== "declined") t.show("processing", `abandoned (${how})`, c.sessions.map((s) => s.id).slice(-1))
  },
} satisfies Partial<Record<JourneyKind, Journey>>
