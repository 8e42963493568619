/**
 * The gateway library: clients for the acquiring API and the card issuing API, with no Medusa import, so that
 * any Node program can use it.
 *
 *   const acquiring = createAcquiringClient({ baseUrl, merchantId, accountId, signKey })
 *   const issuing = createIssuingClient({ baseUrl, companyId, apiKey })
 *
 * Typed requests in; typed results or typed errors (see ./errors) out.
 */
export * from "./errors"
export * from "./money"
export * from "./redact"
export * from "./logger"
export * from "./items"
export * from "./batch"
export * from "./signing"
export * from "./wire-map"
export { HttpTransport, DEFAULT_RETRY, DEFAULT_TIMEOUTS } from "./http"
export type { GatewayLogger, HttpTransportOptions, RetryOptions, TimeoutOptions } from "./http"
export { parseCodeMessage } from "./schema-helpers"
export {
  accountIdOptionSchema,
  baseUrlOptionSchema,
  contentTypeOptionSchema,
  firstOptionProblem,
  httpsOnly,
  isInsecureHttpUrl,
  merchantIdOptionSchema,
  pathOptionSchema,
  positiveIntOptionSchema,
  secretOptionSchema,
  signatureListsOptionSchema,
  statusListOptionSchema,
} from "./client-options"
export type { CodeMessage } from "./schema-helpers"

// acquiring
export { AcquiringClient, createAcquiringClient, assertNotDeclined } from "./acquiring/client"
export type { BatchEntryResult } from "./acquiring/answers"
export type {
  CancelResult,
  CancelSubscriptionResult,
  NotificationFormula,
  ReadNotification,
  CaptureResult,
  OptimiseResult,
  OrderQueryResult,
  PayoutResult,
  RefundResult,
  RefundSearchResult,
  ReviewResult,
} from "./acquiring/client"
export { ACQUIRING_ENDPOINTS, ACQUIRING_SIGNED_MESSAGES } from "./acquiring/endpoints"
export type * from "./acquiring/endpoints"
export { compileAcquiringWireMap } from "./acquiring/options"
export type { AcquiringClientOptions, AcquiringStatusCodes } from "./acquiring/options"
export { parseResponXml, normaliseRiskReasons } from "./acquiring/respon-xml"
export type { RiskReason } from "./acquiring/respon-xml"
export { parseHostedPage } from "./acquiring/checkout-page"
export type { HostedForm } from "./acquiring/checkout-page"
export * from "./acquiring/schemas/authorise"
export * from "./acquiring/schemas/checkout"
export * from "./acquiring/schemas/order-query"
export * from "./acquiring/schemas/batches"
export * from "./acquiring/schemas/refund-search"
export * from "./acquiring/schemas/payout"
export * from "./acquiring/schemas/optimise"
export * from "./acquiring/schemas/cancel-subscription"
export { LIMITS as ACQUIRING_FIELD_LIMITS } from "./acquiring/schemas/common"
export type { BatchEntryOutcome } from "./acquiring/schemas/common"

// issuing
export { IssuingClient, createIssuingClient } from "./issuing/client"
export type { IssuingExtraRequest } from "./issuing/client"
export { ISSUING_ENDPOINTS } from "./issuing/endpoints"
export type { IssuingEndpoint, IssuingOperation, IssuingResultKind } from "./issuing/endpoints"
export { compileIssuingWireMap } from "./issuing/options"
export type { IssuingClientOptions } from "./issuing/options"
export * from "./issuing/schemas/cardholder"
export * from "./issuing/schemas/group"
export * from "./issuing/schemas/card"
export type { OperationResult } from "./issuing/schemas/common"
