/**
 * The one mapping of the gateway library's typed errors to what Medusa, staff and the audit see: the gateway's
 * own code and English message, redacted; the MedusaError type says whose move it is (400: change the request
 * or the record's state; 404: no such record at the gateway; 500: configuration, or the gateway itself; an
 * unknown outcome is never called a failure).
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  GatewayApiError,
  GatewayError,
  GatewayOutcomeUnknownError,
  GatewayValidationError,
  IssuingApiError,
  redact,
} from "../lib/gateway"

export interface OperationFailure {
  /** "1004", "I0002", "invalid_field", "outcome_unknown", ... */
  code: string
  message: string
  result: "failed" | "unknown"
}

const clean = (m: string) => String(redact(m))

/** What went wrong with `operation` ("capture", "card.recharge", ...), fit for an audit row and an error answer. */
export function describeFailure(err: unknown, operation: string): OperationFailure {
  if (err instanceof IssuingApiError) {
    return {
      code: String(err.code),
      message: clean(`The gateway refused ${operation} (code ${err.code}): ${err.gatewayMessage}`),
      result: "failed",
    }
  }
  if (err instanceof GatewayApiError) {
    const src = err.source ? ` (field ${err.source})` : ""
    return {
      code: err.code,
      message: clean(`The gateway refused ${operation} (code ${err.code}): ${err.gatewayMessage}${src}`),
      result: "failed",
    }
  }
  if (err instanceof GatewayValidationError) {
    return { code: "invalid_field", message: clean(`${operation}: field "${err.field}" ${err.rule}`), result: "failed" }
  }
  if (err instanceof GatewayOutcomeUnknownError) {
    return {
      code: "outcome_unknown",
      message: clean(
        `${operation}: the gateway's answer was lost; the outcome is unknown and will be reconciled (${err.message})`
      ),
      result: "unknown",
    }
  }
  if (err instanceof MedusaError) return { code: err.code ?? err.type, message: clean(err.message), result: "failed" }
  const message = err instanceof GatewayError || err instanceof Error ? err.message : String(err)
  return { code: "gateway_error", message: clean(`${operation}: ${message}`), result: "failed" }
}

/** A MedusaError of the right type carrying the gateway's code (as `code`) and message. */
export function toMedusaError(err: unknown, operation: string): MedusaError {
  if (err instanceof MedusaError) return err
  const f = describeFailure(err, operation)
  return new MedusaError(medusaTypeOf(err), f.message, f.code)
}

function medusaTypeOf(err: unknown): string {
  if (err instanceof GatewayValidationError) return MedusaError.Types.INVALID_DATA
  if (err instanceof IssuingApiError) {
    if (err.code === 1003) return MedusaError.Types.NOT_FOUND
    if (err.code === 1001) return MedusaError.Types.INVALID_DATA
    return err.code === 1002 ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.NOT_ALLOWED
  }
  if (err instanceof GatewayApiError)
    return err.httpStatus >= 500 ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.NOT_ALLOWED
  return MedusaError.Types.UNEXPECTED_STATE
}

/** A refused batch entry in words: the gateway's code and message, or what is missing. */
export function describeEntry(
  result: { code: string; message: string } | null | undefined,
  message: string | null | undefined
): string {
  return result ? `${result.code} ${result.message}` : message || "no answer for the transaction"
}
