// Journeys of a logged-in customer: a card saved and paid with again, a subscription's first payment.
import { CARDS } from "../../../integration-tests/helpers/shopper"
import type { JourneyKind } from "./record"
import type { Journey } from "./trip"

/** The journeys of a registered customer. */
export const CUSTOMER_JOURNEYS = {
  async saved_card(t) {
    await t.register()
    // First purchase: the card is saved with it.
    const first = await t.newCart()
    const firstCard = t.chance(0.25) ? CARDS.threeDS : CARDS.approve
    const s = await t.session("card", first)
    if (!s) return
    const posted = await t.post(s.id, firstCard, { save_card: true }, first)
    if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
    if (posted.view === "declined") return
    await t.complete([s.id], first)
    const list = await t.shop.call("GET", "/store/gateway/saved-cards")
    const saved = list.status === 200 ? list.data?.saved_cards?.[0] : null
    t.log(`saved cards: HTTP ${list.status} ${saved ? saved.id : "none"}`)
    if (!saved) {
      t.variant("not_saved")
      return
    }
    // Second purchase with the saved card (a double click now and then).
    const second = await t.newCart()
    const s2 = await t.session("card", second)
    if (!s2) return
    const twice = t.chance(0.25)
    t.variant(twice ? "saved_card_double_click" : "saved_card")
    const pays = twice
      ? await Promise.all([
          t.post(s2.id, null, { saved_card_id: saved.id }, second),
          t.post(s2.id, null, { saved_card_id: saved.id }, second),
        ])
      : [await t.post(s2.id, null, { saved_card_id: saved.id }, second)]
    const seen = pays[pays.length - 1]!
    if (seen.view === "redirect") await t.bank(seen.issuerUrl, "pass")
    if (seen.view === "declined") return
    await t.complete([s2.id], second)
  },

  async subscription(t) {
    await t.register()
    const v = t.env.seeded.variants
    await t.newCart([
      { variant_id: v.coffeeClub, quantity: 2 },
      { variant_id: v.mug, quantity: 1 },
    ])
    const number = t.chance(0.25) ? CARDS.threeDS : CARDS.approve
    t.variant(number === CARDS.approve ? "card" : "3ds")
    const s = await t.session("card")
    if (!s) return
    const posted = await t.post(s.id, number)
    if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
    if (posted.view === "declined") return
    await t.complete([s.id])
  },
} satisfies Partial<Record<JourneyKind, Journey>>
