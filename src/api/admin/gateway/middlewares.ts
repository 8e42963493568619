/**
 * Validation of the admin gateway routes (payouts, cardholders, cards, groups, audit): bodies and queries
 * through Medusa's zod middlewares, so a bad field is a 400 naming it before any handler runs. Medusa itself
 * requires an authenticated admin user for every /admin route.
 */
import { MiddlewareRoute, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminListAuditSchema, AUDIT_FIELDS } from "./audit/validators"
import { AdminCreateCardholderSchema, AdminGetCardholderSchema, AdminListCardholdersSchema, CARDHOLDER_FIELDS } from "./cardholders/validators"
import { AdminCardAmountSchema, AdminCreateCardsSchema, AdminEmptyBodySchema, AdminGetCardSchema, AdminListCardsSchema, CARD_FIELDS } from "./cards/validators"
import { AdminGetGroupSchema, AdminListGroupsSchema, AdminTrackGroupSchema, GROUP_FIELDS } from "./groups/validators"
import { AdminListSubscriptionsSchema, SUBSCRIPTION_FIELDS } from "./subscriptions/validators"
import { AdminCreatePayoutSchema, AdminGetPayoutSchema, AdminListPayoutsSchema, PAYOUT_FIELDS } from "./payouts/validators"

const list = (schema: Parameters<typeof validateAndTransformQuery>[0], defaults: string[]) =>
  validateAndTransformQuery(schema, { defaults, isList: true, defaultLimit: 20 })
const one = (schema: Parameters<typeof validateAndTransformQuery>[0], defaults: string[]) =>
  validateAndTransformQuery(schema, { defaults, isList: false })
const noBody = validateAndTransformBody(AdminEmptyBodySchema)

export const adminGatewayMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/gateway/subscriptions", method: ["GET"], middlewares: [list(AdminListSubscriptionsSchema, SUBSCRIPTION_FIELDS)] },
  { matcher: "/admin/gateway/subscriptions/:id/cancel", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/payouts", method: ["GET"], middlewares: [list(AdminListPayoutsSchema, PAYOUT_FIELDS)] },
  { matcher: "/admin/gateway/payouts", method: ["POST"], middlewares: [validateAndTransformBody(AdminCreatePayoutSchema)] },
  { matcher: "/admin/gateway/payouts/:id", method: ["GET"], middlewares: [one(AdminGetPayoutSchema, PAYOUT_FIELDS)] },
  { matcher: "/admin/gateway/payouts/:id/refresh", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/cardholders", method: ["GET"], middlewares: [list(AdminListCardholdersSchema, CARDHOLDER_FIELDS)] },
  { matcher: "/admin/gateway/cardholders", method: ["POST"], middlewares: [validateAndTransformBody(AdminCreateCardholderSchema)] },
  { matcher: "/admin/gateway/cardholders/:id", method: ["GET"], middlewares: [one(AdminGetCardholderSchema, CARDHOLDER_FIELDS)] },
  { matcher: "/admin/gateway/cardholders/:id/refresh", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/cards", method: ["GET"], middlewares: [list(AdminListCardsSchema, CARD_FIELDS)] },
  { matcher: "/admin/gateway/cards", method: ["POST"], middlewares: [validateAndTransformBody(AdminCreateCardsSchema)] },
  { matcher: "/admin/gateway/cards/:id", method: ["GET"], middlewares: [one(AdminGetCardSchema, CARD_FIELDS)] },
  { matcher: "/admin/gateway/cards/:id/recharge", method: ["POST"], middlewares: [validateAndTransformBody(AdminCardAmountSchema)] },
  { matcher: "/admin/gateway/cards/:id/withdraw", method: ["POST"], middlewares: [validateAndTransformBody(AdminCardAmountSchema)] },
  { matcher: "/admin/gateway/cards/:id/limit", method: ["POST"], middlewares: [validateAndTransformBody(AdminCardAmountSchema)] },
  { matcher: "/admin/gateway/cards/:id/block", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/activate", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/close", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/refresh", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/reveal", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/groups", method: ["GET"], middlewares: [list(AdminListGroupsSchema, GROUP_FIELDS)] },
  { matcher: "/admin/gateway/groups", method: ["POST"], middlewares: [validateAndTransformBody(AdminTrackGroupSchema)] },
  { matcher: "/admin/gateway/groups/:id", method: ["GET"], middlewares: [one(AdminGetGroupSchema, GROUP_FIELDS)] },
  { matcher: "/admin/gateway/groups/:id/refresh", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/groups/:id/close", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/audit", method: ["GET"], middlewares: [list(AdminListAuditSchema, AUDIT_FIELDS)] },
]
