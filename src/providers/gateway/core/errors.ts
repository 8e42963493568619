/** Turns the gateway library's typed errors into Medusa errors whose messages tell staff what happened. */
import { MedusaError } from "@medusajs/framework/utils"
import {
  GatewayApiError,
  GatewayError,
  GatewayOutcomeUnknownError,
  GatewayResponseError,
  GatewaySignatureError,
  GatewayTransportError,
  GatewayValidationError,
  redact,
} from "../../../lib/gateway"

export function toMedusaError(err: unknown, action: string): MedusaError {
  if (err instanceof MedusaError) return err
  const msg = (m: string) => String(redact(`${action}: ${m}`))
  if (err instanceof GatewayValidationError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, msg(`field "${err.field}" ${err.rule}`))
  }
  if (err instanceof GatewayApiError) {
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, msg(`the gateway refused it (${err.code}${err.gatewayMessage ? ` ${err.gatewayMessage}` : ""})`))
  }
  if (err instanceof GatewayOutcomeUnknownError) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, msg(`the gateway's answer was lost; the outcome is unknown and will be reconciled (${err.message})`))
  }
  if (err instanceof GatewayTransportError || err instanceof GatewayResponseError || err instanceof GatewaySignatureError) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, msg(err.message))
  }
  if (err instanceof GatewayError) return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, msg(err.message))
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, msg(err instanceof Error ? err.message : String(err)))
}
