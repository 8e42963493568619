// What the subscription cases share: each test's store, two customers and an admin, and helpers buying and reading plans.
import type { SeededStore } from "../../../scripts/seed-store"
import { createAdminHeaders } from "../../helpers/admin"
import { CARDS, card, completeIssuerPage, Shopper } from "../../helpers/shopper"
import { seededOnce, type RequestHeaders } from "../../helpers/fresh-store"
import { suiteEnv, UNSET, type Gateway, type SuiteOptions } from "../suite-env"

export type SubscriptionsEnv = ReturnType<typeof subscriptionsEnv>

/** One day of the sandbox's clock, in seconds. */
export const DAY = 24 * 3600

/** Registers the suite's beforeEach (a seeded store, customers Ada and Grace, an admin) and answers the helpers. */
export function subscriptionsEnv(options: SuiteOptions, gateway: Gateway) {
  const { api, getContainer } = options
  const seeded = seededOnce(getContainer)
  /** This test's seeded store, its customer who subscribes (Ada), its other customer (Grace), and admin headers. */
  const each = {
    store: UNSET as SeededStore,
    ada: UNSET as Shopper,
    grace: UNSET as Shopper,
    admin: UNSET as RequestHeaders,
  }
  let n = 0

  beforeEach(async () => {
    gateway.sandbox.reset()
    each.store = seeded()
    n += 1
    each.ada = await Shopper.register(api as any, each.store, `ada-sub${n}@example.com`)
    each.grace = await Shopper.register(api as any, each.store, `grace-sub${n}@example.com`)
    each.admin = await createAdminHeaders(getContainer(), `admin-sub${n}@gateway.test`)
  })

  const subscriptionItems = () => [
    { variant_id: each.store.variants.coffeeClub, quantity: 2 },
    { variant_id: each.store.variants.mug, quantity: 1 },
  ]

  /** Buys the Coffee Club (2 × 12.50 a month) with a mug, by card; returns the order and the recorded subscription. */
  async function subscribe(who: Shopper, number = CARDS.approve, items = subscriptionItems()) {
    const { cartId, session } = await who.cartWithSession("pp_gateway_card", { items })
    const posted = await who.postCard(session.id, { card: card(number) })
    expect(posted.status).toBe(200)
    if (posted.data.payment_session.status === "requires_more")
      await completeIssuerPage(posted.data.payment_session.data.issuer_url)
    const done = await who.complete(cartId)
    expect(done.data.type).toBe("order")
    const { data } = await api.get("/store/gateway/subscriptions", who.headers)
    return { order: done.data.order, session, subscription: data.subscriptions[0], posted }
  }

  const deductionNotifications = async () =>
    (await (await fetch(`${gateway.sandbox.url}/sandbox/notifications?notify_type=SUBSCRIPTION`)).json()) as any[]
  const deductionsOf = async (id: string) =>
    (await api.get(`/admin/gateway/subscriptions/${id}`, each.admin)).data.subscription.deductions as any[]

  /**
   * A plan of `cycles` monthly deductions, made as docs/subscriptions.md says: variant metadata through Medusa's admin API
   * (numbers may be numbers or numeric text).
   */
  async function shortPlan(cycles: number) {
    const { data } = await api.post(
      "/admin/products",
      {
        title: `Tea Club ${cycles}`,
        options: [{ title: "Plan", values: ["Monthly"] }],
        variants: [
          {
            title: "Monthly",
            options: { Plan: "Monthly" },
            manage_inventory: false,
            metadata: { gateway_subscription_interval: "month", gateway_subscription_billing_cycles: cycles },
            prices: [{ currency_code: "usd", amount: 9 }],
          },
        ],
        status: "published",
        sales_channels: [{ id: each.store.salesChannelId }],
        shipping_profile_id: (await getContainer().resolve("fulfillment").listShippingProfiles({}))[0]!.id,
      },
      each.admin
    )
    return [{ variant_id: data.product.variants[0].id as string, quantity: 1 }]
  }
  const detail = async (id: string) =>
    (await api.get(`/admin/gateway/subscriptions/${id}`, each.admin)).data.subscription
  const syncSubscriptions = async () =>
    (await api.post("/admin/gateway/sync-runs", { job: "subscription_sync" }, each.admin)).data.summary

  return suiteEnv(options, gateway, each, {
    subscriptionItems,
    subscribe,
    deductionNotifications,
    deductionsOf,
    shortPlan,
    detail,
    syncSubscriptions,
  })
}
