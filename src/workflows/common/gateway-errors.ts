/**
 * The gateway library's typed errors as Medusa errors for the admin API: the gateway's own code and English
 * message reach staff, the HTTP status says whose move it is (400: change the request or the record's state;
 * 404: no such record at the gateway; 500: configuration or the gateway itself).
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  GatewayApiError,
  GatewayOutcomeUnknownError,
  GatewayValidationError,
  IssuingApiError,
  redact,
} from "../../lib/gateway"

export interface OperationFailure {
  /** "1004", "I0002", "validation", "outcome_unknown", ... */
  code: string
  message: string
  result: "failed" | "unknown"
}

/** What went wrong, in a form fit for the audit row and the error answer (redacted). */
export function describeFailure(err: unknown, operation: string): OperationFailure {
  const clean = (m: string) => String(redact(m))
  if (err instanceof IssuingApiError) {
    return { code: String(err.code), message: clean(`The gateway refused ${operation} (code ${err.code}): ${err.gatewayMessage}`), result: "failed" }
  }
  if (err instanceof GatewayApiError) {
    const src = err.source ? ` (field ${err.source})` : ""
    return { code: err.code, message: clean(`The gateway refused ${operation} (code ${err.code}): ${err.gatewayMessage}${src}`), result: "failed" }
  }
  if (err instanceof GatewayValidationError) {
    return { code: "invalid_field", message: clean(`Field "${err.field}" ${err.rule}`), result: "failed" }
  }
  if (err instanceof GatewayOutcomeUnknownError) {
    return { code: "outcome_unknown", message: clean(err.message), result: "unknown" }
  }
  if (err instanceof MedusaError) return { code: err.code ?? err.type, message: clean(err.message), result: "failed" }
  return { code: "gateway_error", message: clean(err instanceof Error ? err.message : String(err)), result: "failed" }
}

/** A MedusaError carrying the gateway's code (the answer's `code`) and message. */
export function toMedusaError(err: unknown, operation: string): MedusaError {
  if (err instanceof MedusaError) return err
  const f = describeFailure(err, operation)
  let type: string = MedusaError.Types.UNEXPECTED_STATE
  if (err instanceof IssuingApiError) {
    type =
      err.code === 1003
        ? MedusaError.Types.NOT_FOUND
        : err.code === 1002
          ? MedusaError.Types.UNEXPECTED_STATE
          : err.code === 1001
            ? MedusaError.Types.INVALID_DATA
            : MedusaError.Types.NOT_ALLOWED
  } else if (err instanceof GatewayApiError) {
    type = err.httpStatus >= 500 ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.NOT_ALLOWED
  } else if (err instanceof GatewayValidationError) {
    type = MedusaError.Types.INVALID_DATA
  }
  return new MedusaError(type, f.message, f.code)
}
