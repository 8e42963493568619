/**
 * A cart that sells a subscription is paid by card: the gateway documents the `subscription` object on the
 * direct payment only, not on its hosted page or alternative methods. This middleware refuses a hosted-page or
 * APM session for such a cart before Medusa creates it, with a message saying why; anything else goes on.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { gatewayProviderId, subscriptionPlanOf } from "../../domain"

const NOT_FOR_SUBSCRIPTIONS: string[] = [gatewayProviderId("hosted"), gatewayProviderId("apm")]

export async function refuseSubscriptionOffCard(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const providerId = (req.body as { provider_id?: unknown } | undefined)?.provider_id
  if (typeof providerId !== "string" || !NOT_FOR_SUBSCRIPTIONS.includes(providerId)) return next()
  const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_collection",
    fields: ["id", "cart.items.variant.metadata"],
    filters: { id: req.params.id },
  })
  const items = ((data[0] as any)?.cart?.items ?? []) as {
    variant?: { metadata?: Record<string, unknown> | null } | null
  }[]
  if (items.some((i) => subscriptionPlanOf(i.variant?.metadata))) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `This cart holds a subscription, which is paid by card (${gatewayProviderId("card")}): the gateway's hosted page and alternative payment methods do not take recurring contracts`
    )
  }
  next()
}
