/**
 * Validation of the admin gateway routes: queries through Medusa's zod middleware, bodies through
 * ./validate-body.ts with the schemas the admin forms share (./schemas), so a bad field is a 400 naming it
 * before any handler runs. Medusa itself requires an authenticated admin user for every /admin route.
 */
import { MiddlewareRoute, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminListAuditSchema, AUDIT_FIELDS } from "./audit/validators"
import { AdminListCardholdersSchema, CARDHOLDER_FIELDS } from "./cardholders/validators"
import { AdminListCardsSchema, CARD_FIELDS } from "./cards/validators"
import { retrieveQuery } from "./common-validators"
import { AdminListGroupsSchema, GROUP_FIELDS } from "./groups/validators"
import { AdminListPayoutsSchema, PAYOUT_FIELDS } from "./payouts/validators"
import { AdminListReleasesSchema, RELEASE_FIELDS } from "./releases/validators"
import { AdminListSubscriptionsSchema, SUBSCRIPTION_FIELDS } from "./subscriptions/validators"
import { AdminCreateCardholderSchema } from "./schemas/cardholders"
import { AdminCardAmountSchema, AdminCreateCardsSchema, AdminEmptyBodySchema } from "./schemas/cards"
import { AdminCreateGroupSchema, AdminRefundGroupSchema, AdminTrackGroupSchema } from "./schemas/groups"
import { AdminGatewayDashboardSchema } from "./schemas/dashboard"
import { AdminGatewayReviewSchema, AdminGatewaySyncRunSchema } from "./schemas/payments"
import { AdminCreatePayoutSchema } from "./schemas/payouts"
import { requireJson, validateBody } from "./validate-body"

const list = (schema: Parameters<typeof validateAndTransformQuery>[0], defaults: string[]) =>
  validateAndTransformQuery(schema, { defaults, isList: true, defaultLimit: 20 })
const one = (defaults: string[]) => validateAndTransformQuery(retrieveQuery, { defaults, isList: false })
const noBody = validateBody(AdminEmptyBodySchema)

export const adminGatewayMiddlewares: MiddlewareRoute[] = [
  // Every POST here takes JSON only (CSRF: a cross-site form cannot send it); see ./validate-body.ts.
  { matcher: "/admin/gateway*", method: ["POST"], middlewares: [requireJson] },

  {
    matcher: "/admin/gateway/subscriptions",
    method: ["GET"],
    middlewares: [list(AdminListSubscriptionsSchema, SUBSCRIPTION_FIELDS)],
  },
  { matcher: "/admin/gateway/subscriptions/:id/cancel", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/releases", method: ["GET"], middlewares: [list(AdminListReleasesSchema, RELEASE_FIELDS)] },
  { matcher: "/admin/gateway/payouts", method: ["GET"], middlewares: [list(AdminListPayoutsSchema, PAYOUT_FIELDS)] },
  { matcher: "/admin/gateway/payouts", method: ["POST"], middlewares: [validateBody(AdminCreatePayoutSchema)] },
  { matcher: "/admin/gateway/payouts/:id", method: ["GET"], middlewares: [one(PAYOUT_FIELDS)] },
  { matcher: "/admin/gateway/payouts/:id/refresh", method: ["POST"], middlewares: [noBody] },

  {
    matcher: "/admin/gateway/cardholders",
    method: ["GET"],
    middlewares: [list(AdminListCardholdersSchema, CARDHOLDER_FIELDS)],
  },
  { matcher: "/admin/gateway/cardholders", method: ["POST"], middlewares: [validateBody(AdminCreateCardholderSchema)] },
  { matcher: "/admin/gateway/cardholders/:id", method: ["GET"], middlewares: [one(CARDHOLDER_FIELDS)] },
  { matcher: "/admin/gateway/cardholders/:id/refresh", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/cards", method: ["GET"], middlewares: [list(AdminListCardsSchema, CARD_FIELDS)] },
  { matcher: "/admin/gateway/cards", method: ["POST"], middlewares: [validateBody(AdminCreateCardsSchema)] },
  { matcher: "/admin/gateway/cards/:id", method: ["GET"], middlewares: [one(CARD_FIELDS)] },
  {
    matcher: "/admin/gateway/cards/:id/recharge",
    method: ["POST"],
    middlewares: [validateBody(AdminCardAmountSchema)],
  },
  {
    matcher: "/admin/gateway/cards/:id/withdraw",
    method: ["POST"],
    middlewares: [validateBody(AdminCardAmountSchema)],
  },
  { matcher: "/admin/gateway/cards/:id/limit", method: ["POST"], middlewares: [validateBody(AdminCardAmountSchema)] },
  { matcher: "/admin/gateway/cards/:id/block", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/activate", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/close", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/refresh", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/cards/:id/reveal", method: ["POST"], middlewares: [noBody] },

  { matcher: "/admin/gateway/groups", method: ["GET"], middlewares: [list(AdminListGroupsSchema, GROUP_FIELDS)] },
  { matcher: "/admin/gateway/groups", method: ["POST"], middlewares: [validateBody(AdminCreateGroupSchema)] },
  { matcher: "/admin/gateway/groups/track", method: ["POST"], middlewares: [validateBody(AdminTrackGroupSchema)] },
  { matcher: "/admin/gateway/groups/:id", method: ["GET"], middlewares: [one(GROUP_FIELDS)] },
  { matcher: "/admin/gateway/groups/:id/refresh", method: ["POST"], middlewares: [noBody] },
  { matcher: "/admin/gateway/groups/:id/close", method: ["POST"], middlewares: [noBody] },
  {
    matcher: "/admin/gateway/groups/:id/refund",
    method: ["POST"],
    middlewares: [validateBody(AdminRefundGroupSchema)],
  },

  { matcher: "/admin/gateway/audit", method: ["GET"], middlewares: [list(AdminListAuditSchema, AUDIT_FIELDS)] },

  {
    matcher: "/admin/gateway/payment-sessions/:id/review",
    method: ["POST"],
    middlewares: [validateBody(AdminGatewayReviewSchema)],
  },
  { matcher: "/admin/gateway/sync-runs", method: ["POST"], middlewares: [validateBody(AdminGatewaySyncRunSchema)] },

  {
    matcher: "/admin/gateway/dashboard",
    method: ["GET"],
    middlewares: [validateAndTransformQuery(AdminGatewayDashboardSchema, {})],
  },
]
