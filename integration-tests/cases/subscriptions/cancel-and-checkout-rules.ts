// Subscriptions cancelled by staff and by their customer, and the checkout rules for a subscription cart.
import { CARDS, card, Shopper } from "../../helpers/shopper"
import { DAY, type SubscriptionsEnv } from "./context"

export function cancelAndCheckoutRuleCases(env: SubscriptionsEnv) {
  const { api, getContainer, dbConnection, gateway, subscriptionItems, subscribe } = env

  it("cancels from the admin, audited; cancelling again is a no-op; no deduction after it", async () => {
    const { subscription } = await subscribe(env.ada)
    const cancelled = await api.post(`/admin/gateway/subscriptions/${subscription.id}/cancel`, {}, env.admin)
    expect(cancelled.data).toMatchObject({
      changed: true,
      subscription: {
        id: subscription.id,
        status: "cancelled",
        cancelled_at: expect.any(String),
        next_deduction_at: null,
      },
    })
    const contract = await (
      await fetch(`${gateway.sandbox.url}/sandbox/subscriptions/${subscription.recurring_id}`)
    ).json()
    expect(contract.recurring_status).toBe("0")

    const before = gateway.sandbox.stats().byPath["/v1/cancelsubscription"] ?? 0
    const again = await api.post(`/admin/gateway/subscriptions/${subscription.id}/cancel`, {}, env.admin)
    expect(again.data).toMatchObject({ changed: false, subscription: { status: "cancelled" } })
    expect(gateway.sandbox.stats().byPath["/v1/cancelsubscription"] ?? 0).toBe(before)

    const { rows } = await dbConnection.raw(
      "select actor_type, result from gateway_operation_audit where operation = 'subscription.cancel' and target_id = ?",
      [subscription.id]
    )
    expect(rows).toEqual([{ actor_type: "user", result: "succeeded" }])

    expect(gateway.sandbox.advanceClock(40 * DAY).deductions).toHaveLength(0)
  })

  it("lets the customer cancel their own subscription, never another customer's", async () => {
    const { subscription } = await subscribe(env.ada)
    const stolen = await api
      .post(`/store/gateway/subscriptions/${subscription.id}/cancel`, {}, env.grace.headers)
      .catch((e: any) => e.response)
    expect(stolen.status).toBe(404)
    expect((await api.get("/store/gateway/subscriptions", env.grace.headers)).data.subscriptions).toEqual([])
    const guest = await api
      .get("/store/gateway/subscriptions", new Shopper(api as any, env.store).headers)
      .catch((e: any) => e.response)
    expect(guest.status).toBe(401)

    const mine = await api.post(`/store/gateway/subscriptions/${subscription.id}/cancel`, {}, env.ada.headers)
    expect(mine.data).toMatchObject({ changed: true, subscription: { status: "cancelled" } })
    const twice = await api.post(`/store/gateway/subscriptions/${subscription.id}/cancel`, {}, env.ada.headers)
    expect(twice.data.changed).toBe(false)
    const { rows } = await dbConnection.raw(
      "select actor_type, actor_id from gateway_operation_audit where operation = 'subscription.cancel' and target_id = ?",
      [subscription.id]
    )
    expect(rows).toEqual([{ actor_type: "customer", actor_id: env.ada.customer!.id }])
  })

  it("refuses a hosted-page session for a subscription cart, and a second subscription line, naming why", async () => {
    const { paymentCollectionId } = await env.ada.cartWithSession("pp_gateway_card", { items: subscriptionItems() })
    const hosted = await api
      .post(
        `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
        { provider_id: "pp_gateway_hosted" },
        env.ada.headers
      )
      .catch((e: any) => e.response)
    expect(hosted.status).toBe(400)
    expect(hosted.data.message).toMatch(/subscription, which is paid by card/)

    // Two subscription lines (the same plan twice as separate lines is one line in Medusa: use a copy of the variant).
    const copy = await api.post(
      `/admin/products`,
      {
        title: "Tea Club",
        options: [{ title: "Plan", values: ["Weekly"] }],
        variants: [
          {
            title: "Weekly",
            options: { Plan: "Weekly" },
            manage_inventory: false,
            metadata: { gateway_subscription_interval: "week" },
            prices: [{ currency_code: "usd", amount: 5 }],
          },
        ],
        status: "published",
        sales_channels: [{ id: env.store.salesChannelId }],
        shipping_profile_id: (await getContainer().resolve("fulfillment").listShippingProfiles({}))[0]!.id,
      },
      env.admin
    )
    const tea = copy.data.product.variants[0].id
    const two = await env.ada.cartWithSession("pp_gateway_card", {
      items: [...subscriptionItems(), { variant_id: tea, quantity: 1 }],
    })
    const before = gateway.sandbox.stats().total
    const refused = await env.ada.postCard(two.session.id, { card: card(CARDS.approve) })
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/one subscription line/)
    expect(gateway.sandbox.stats().total).toBe(before)
  })
}
