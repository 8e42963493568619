import type { InferTypeOf } from "@medusajs/framework/types"
import type { GatewayCard } from "../../modules/gateway/models/gateway-card"
import type { GatewayCardGroup } from "../../modules/gateway/models/gateway-card-group"
import type { GatewayCardholder } from "../../modules/gateway/models/gateway-cardholder"
import type { GatewayOperationAudit } from "../../modules/gateway/models/gateway-operation-audit"
import type { Json, ListResponse } from "./common"

export type GatewayCardholderRecord = InferTypeOf<typeof GatewayCardholder>
export type GatewayCardRecord = InferTypeOf<typeof GatewayCard>
export type GatewayCardGroupRecord = InferTypeOf<typeof GatewayCardGroup>
export type GatewayOperationAuditRecord = InferTypeOf<typeof GatewayOperationAudit>

/** GET /admin/gateway/cardholders/:id, POST /admin/gateway/cardholders, POST .../:id/refresh */
export type AdminGatewayCardholderResponse = { cardholder: GatewayCardholderRecord }
/** GET /admin/gateway/cardholders */
export type AdminGatewayCardholderListResponse = ListResponse<"cardholders", GatewayCardholderRecord>
/** DELETE /admin/gateway/cardholders/:id */
export type AdminGatewayCardholderDeleteResponse = {
  id: string
  object: "gateway_cardholder"
  deleted: true
  cardholder: GatewayCardholderRecord
}

/** GET /admin/gateway/cards/:id and every card action (block, activate, limit, recharge, withdraw, close, refresh) */
export type AdminGatewayCardResponse = { card: GatewayCardRecord }
/** GET /admin/gateway/cards */
export type AdminGatewayCardListResponse = ListResponse<"cards", GatewayCardRecord>
/** POST /admin/gateway/cards: one result per card asked for (the gateway's message when it failed); the cards created are recorded. */
export type AdminGatewayCreateCardsResponse = {
  request_id: string
  created: number
  failed: number
  results: { index: number; ok: boolean; error: string | null; card: GatewayCardRecord | null }[]
}
/** POST /admin/gateway/cards/:id/reveal: for this answer only (never stored, cached or logged). */
export type AdminGatewayRevealedCardResponse = {
  card: {
    id: string
    number: string | null
    cvv: string | null
    expiry_month: string | null
    expiry_year: string | null
  }
}

/** GET /admin/gateway/groups/:id, POST /admin/gateway/groups (create), POST .../track, POST .../:id/refresh | close | refund (the new balance) */
export type AdminGatewayGroupResponse = { group: GatewayCardGroupRecord }
/** GET /admin/gateway/groups */
export type AdminGatewayGroupListResponse = ListResponse<"groups", GatewayCardGroupRecord>

/** GET /admin/gateway/audit */
export type AdminGatewayAuditListResponse = ListResponse<"audit", GatewayOperationAuditRecord>

export type AdminGatewayCardholder = Json<GatewayCardholderRecord>
export type AdminGatewayCard = Json<GatewayCardRecord>
export type AdminGatewayCardGroup = Json<GatewayCardGroupRecord>
export type AdminGatewayRevealedCard = AdminGatewayRevealedCardResponse["card"]
