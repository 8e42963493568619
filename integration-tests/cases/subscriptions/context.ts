// What the subscription cases share: each test's store, two customers and an admin, and helpers buying and reading plans.
import type { MedusaSuiteOptions } from "@medusajs/test-utils"
import { seedStore, SeededStore } from "../../../scripts/seed-store"
import { createAdminHeaders } from "../../helpers/admin"
import type { useSandbox } from "../../helpers/sandbox"
import { CARDS, card, completeIssuerPage, Shopper } from "../../helpers/shopper"

type Gateway = ReturnType<typeof useSandbox>
export type SubscriptionsEnv = ReturnType<typeof subscriptionsEnv>

/** One day of the sandbox's clock, in seconds. */
export const DAY = 24 * 3600

/** Registers the suite's beforeEach (a seeded store, customers Ada and Grace, an admin) and answers the helpers. */
export function subscriptionsEnv(
  { api, getContainer, dbConnection }: Pick<MedusaSuiteOptions, "api" | "getContainer" | "dbConnection">,
  gateway: Gateway
) {
  let store: SeededStore
  let ada: Shopper
  let grace: Shopper
  let admin: { headers: Record<string, string> }
  let n = 0

  beforeEach(async () => {
    gateway.sandbox.reset()
    store = await seedStore(getContainer())
    n += 1
    ada = await Shopper.register(api as any, store, `ada-sub${n}@example.com`)
    grace = await Shopper.register(api as any, store, `grace-sub${n}@example.com`)
    admin = await createAdminHeaders(getContainer(), `admin-sub${n}@gateway.test`)
  })

  const subscriptionItems = () => [
    { variant_id: store.variants.coffeeClub, quantity: 2 },
    { variant_id: store.variants.mug, quantity: 1 },
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
    (await api.get(`/admin/gateway/subscriptions/${id}`, admin)).data.subscription.deductions as any[]

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
        sales_channels: [{ id: store.salesChannelId }],
        shipping_profile_id: (await getContainer().resolve("fulfillment").listShippingProfiles({}))[0]!.id,
      },
      admin
    )
    return [{ variant_id: data.product.variants[0].id as string, quantity: 1 }]
  }
  const detail = async (id: string) => (await api.get(`/admin/gateway/subscriptions/${id}`, admin)).data.subscription
  const syncSubscriptions = async () =>
    (await api.post("/admin/gateway/sync-runs", { job: "subscription_sync" }, admin)).data.summary

  return {
    api,
    getContainer,
    dbConnection,
    gateway,
    /** This test's seeded store (set by the beforeEach). */
    get store() {
      return store
    },
    /** This test's customer who subscribes (set by the beforeEach). */
    get ada() {
      return ada
    },
    /** This test's other customer (set by the beforeEach). */
    get grace() {
      return grace
    },
    /** This test's admin headers (set by the beforeEach). */
    get admin() {
      return admin
    },
    subscriptionItems,
    subscribe,
    deductionNotifications,
    deductionsOf,
    shortPlan,
    detail,
    syncSubscriptions,
  }
}
