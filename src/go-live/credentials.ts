/**
 * What a signed read-only call tells about the credentials, pure. The go-live check asks the acquiring API for
 * an order that does not exist (the order query signs merchant_id + account_id with the sign key) and the
 * issuing API for a cardholder that does not exist (the cardholder query signs company_id + cardholderId with
 * the api key); the answer names what is wrong. Messages name the option, never its value.
 *
 * How codes are read (docs/gateway-contract.md, "Go-live check"): I0013 is the sign key [doc]; return_status 6
 * a signature error, 5 a merchant access error, 7 an address not registered [assumed, notes]; I0404 with
 * `source` merchant_id / account_id an unknown id, I0014 / I0015 test and live accounts mixed up; issuing 1002
 * the api key, 1001 naming company_id the company id, 1003 not found (the credentials passed) [assumed, contract].
 */
import {
  GatewayApiError,
  GatewayResponseError,
  GatewayTransportError,
  GatewayValidationError,
  IssuingApiError,
} from "../lib/gateway"
import type { Verdict } from "./addresses"

/** Names of the options a part of the plugin's options keeps its account in ("payments" or "payout"). */
const opt = (part: string, name: string) => `"${part}.${name}"`

/** The verdict of an order query for a made-up order with the `part` account's credentials; `error` is what it threw. */
export function acquiringProbeVerdict(error: unknown, part: "payments" | "payout"): Verdict {
  const account = `${opt(part, "merchant_id")}, ${opt(part, "account_id")} and ${opt(part, "sign_key")}`
  if (!error) {
    return {
      status: "pass",
      detail: `The gateway accepted a signed order query with ${account} (it answered that the made-up order does not exist).`,
      fix: null,
    }
  }
  if (error instanceof GatewayApiError) {
    const said =
      error.returnStatus !== undefined
        ? `return_status ${error.returnStatus}`
        : `${error.code}${error.source ? ` for ${error.source}` : ""}`
    if (error.code === "I0013" || error.returnStatus === "6") {
      return {
        status: "fail",
        detail: `The sign key is wrong: the gateway answered ${error.returnStatus !== undefined ? said : error.code} (signature error) to a signed order query.`,
        fix: `Set ${opt(part, "sign_key")} to the sign key the gateway issued for this merchant account (it is case-sensitive). If it is right, the signature formula differs: compare "signature_overrides" with the gateway's docs.`,
      }
    }
    if (error.code === "I0404" && (error.source === "merchant_id" || error.source === "account_id")) {
      const field = error.source
      return {
        status: "fail",
        detail: `The ${field === "merchant_id" ? "merchant id" : "account id"} is wrong: the gateway answered ${said} (unknown ${field}).`,
        fix: `Set ${opt(part, field)} to the ${field === "merchant_id" ? "merchant id" : "account id"} the gateway issued (and check the other id and the sign key with it).`,
      }
    }
    if (error.code === "I0404" || error.returnStatus === "5") {
      return {
        status: "fail",
        detail: `The merchant id or the account id is wrong: the gateway answered ${said} (merchant access error).`,
        fix: `Check ${opt(part, "merchant_id")} and ${opt(part, "account_id")} against the gateway's merchant portal.`,
      }
    }
    if (error.code === "I0014" || error.code === "I0015") {
      const testOnLive = error.code === "I0014"
      return {
        status: "fail",
        detail: `The account and the address do not match: the gateway answered ${error.code} (${testOnLive ? "a test account used against the live gateway" : "a live account used against the test gateway"}).`,
        fix: testOnLive
          ? `Use the live ${opt(part, "merchant_id")}, ${opt(part, "account_id")} and ${opt(part, "sign_key")}, or point ${opt(part, "base_url")} at the test gateway.`
          : `Point ${opt(part, "base_url")} at the live gateway, or use the test account's ids and sign key.`,
      }
    }
    if (error.returnStatus === "7") {
      return {
        status: "fail",
        detail: `The gateway refused the order query from this server's address (return_status 7, IP not registered): the credentials could not be checked, and the sync jobs and the confirmation of redirected payments cannot work from here.`,
        fix: `Register this server's public IP address with the gateway for the order query.`,
      }
    }
    return {
      status: "fail",
      detail: `The gateway refused the order query: ${said}${error.gatewayMessage ? ` (${error.gatewayMessage})` : ""}.`,
      fix: `Check ${account} and ${opt(part, "base_url")}.`,
    }
  }
  return reachVerdict(error, opt(part, "base_url"), "order query")
}

/** The verdict of a cardholder query for a made-up cardholder with the `issuing` options' credentials. */
export function issuingProbeVerdict(error: unknown): Verdict {
  const account = `${opt("issuing", "company_id")} and ${opt("issuing", "api_key")}`
  if (!error || (error instanceof IssuingApiError && error.code === 1003)) {
    return {
      status: "pass",
      detail: `The issuing API accepted a signed cardholder query with ${account}${error ? " (it answered 1003: the made-up cardholder does not exist)" : ""}.`,
      fix: null,
    }
  }
  if (error instanceof IssuingApiError) {
    const said = `code ${error.code}${error.gatewayMessage ? ` (${error.gatewayMessage})` : ""}`
    if (error.code === 1002) {
      return {
        status: "fail",
        detail: `The api key is wrong: the issuing API answered ${said}, a signature error.`,
        fix: `Set ${opt("issuing", "api_key")} to the company's api key (and "issuing.sign_scheme" to the scheme the gateway uses: "fields" or "sorted-json").`,
      }
    }
    if (error.code === 1001 && /company/i.test(error.gatewayMessage)) {
      return {
        status: "fail",
        detail: `The company id is wrong: the issuing API answered ${said}.`,
        fix: `Set ${opt("issuing", "company_id")} to the company id the gateway issued.`,
      }
    }
    return {
      status: "fail",
      detail: `The issuing API refused the cardholder query: ${said}.`,
      fix: `Check ${account} and ${opt("issuing", "base_url")}.`,
    }
  }
  return reachVerdict(error, opt("issuing", "base_url"), "cardholder query")
}

/** A call that did not come back as the gateway's answer. */
function reachVerdict(error: unknown, baseUrlOption: string, call: string): Verdict {
  if (error instanceof GatewayTransportError) {
    return {
      status: "fail",
      detail: `The gateway could not be reached for the ${call}: ${error.message}`,
      fix: `Check ${baseUrlOption} and this server's network access to it.`,
    }
  }
  if (error instanceof GatewayResponseError) {
    return {
      status: "fail",
      detail: `The answer to the ${call} is not the gateway's (${error.field}: ${error.rule}).`,
      fix: `Check that ${baseUrlOption} is the gateway's API address.`,
    }
  }
  if (error instanceof GatewayValidationError) {
    return {
      status: "fail",
      detail: `The ${call} could not be sent: field "${error.field}" ${error.rule}.`,
      fix: `Correct the option behind "${error.field}".`,
    }
  }
  return {
    status: "fail",
    detail: `The ${call} failed: ${error instanceof Error ? error.message : String(error)}`,
    fix: `Check ${baseUrlOption}.`,
  }
}
