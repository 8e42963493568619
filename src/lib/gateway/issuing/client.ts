/**
 * The issuing client (cardholders, card groups, virtual cards): typed requests in, typed `data` out.
 *
 * Every call: validate the request (GatewayValidationError, nothing sent) → add the company id in the
 * endpoint's spelling and `request_id` ("" by default, as in the samples) → `sign` → JSON → send (queries
 * retried) → unwrap `{ code, msg, data }`: code ≠ 0 → IssuingApiError with the en-US text → validate `data`
 * (GatewayResponseError naming the field).
 */
import { z } from "zod"
import {
  GatewayApiError,
  GatewayOptionsError,
  GatewayOutcomeUnknownError,
  GatewayResponseError,
  IssuingApiError,
} from "../errors"
import { encodeBody } from "../encoding"
import { HttpResponse, HttpTransport } from "../http"
import { redact } from "../redact"
import { IssuingSigner } from "../signing"
import { joinUrl, transportFor } from "../client-options"
import { parseRequest, parseResponse } from "../validate"
import { IssuingClientOptions, IssuingOperation, resolveIssuingOptions } from "./options"
import type { IssuingEndpoint } from "./endpoints"
import type { WireMap } from "../wire-map"
import type {
  CardChargeRequest,
  CardCloseRequest,
  CardCreateRequest,
  CardCreateResult,
  CardQueryRequest,
  CardRecord,
  CardRefundRequest,
  CardStatusRequest,
  CardUpdateRequest,
} from "./schemas/card"
import type {
  CardholderCreateRequest,
  CardholderDeleteRequest,
  CardholderQueryRequest,
  CardholderRecord,
} from "./schemas/cardholder"
import { envelopeMessage, issuingEnvelopeSchema, OperationResult } from "./schemas/common"
import type {
  GroupCloseRequest,
  GroupCreateRequest,
  GroupQueryRequest,
  GroupRecord,
  GroupRefundRequest,
} from "./schemas/group"

type Body = Record<string, unknown>

/** The fields of an endpoint the docs name without them: sent as given. */
const EXTRA_FIELDS = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]).optional())

/** Request of an extra endpoint (cardBinQuery, groupStatus, groupCharge): fields as the gateway names them. */
export type IssuingExtraRequest = Record<string, string | number | boolean | null | undefined>

export class IssuingClient {
  readonly #options: IssuingClientOptions
  readonly #endpoints: Record<IssuingOperation, IssuingEndpoint>
  readonly #okStatus: readonly string[]
  readonly #wire: WireMap<IssuingOperation>
  readonly #signer: IssuingSigner
  readonly #transport: HttpTransport

  /** `/cardholder/*` */
  readonly cardholder: {
    create(request: CardholderCreateRequest): Promise<CardholderRecord>
    delete(request: CardholderDeleteRequest): Promise<null>
    query(request: CardholderQueryRequest): Promise<CardholderRecord>
  }

  /** `/group/*` */
  readonly group: {
    query(request: GroupQueryRequest): Promise<GroupRecord>
    close(request: GroupCloseRequest): Promise<OperationResult>
    create(request: GroupCreateRequest): Promise<OperationResult>
    refund(request: GroupRefundRequest): Promise<OperationResult>
  }

  /** `/card/*` */
  readonly card: {
    create(request: CardCreateRequest): Promise<CardCreateResult>
    query(request: CardQueryRequest): Promise<CardRecord>
    /** Withdraw from a card back to its group. */
    refund(request: CardRefundRequest): Promise<OperationResult>
    /** Block ("2") or activate ("1"). */
    status(request: CardStatusRequest): Promise<OperationResult>
    close(request: CardCloseRequest): Promise<OperationResult>
    /** Change the limit of a shared card. */
    update(request: CardUpdateRequest): Promise<OperationResult>
    /** Recharge a card from its group. */
    charge(request: CardChargeRequest): Promise<OperationResult>
  }

  constructor(options: IssuingClientOptions) {
    const resolved = resolveIssuingOptions(options)
    this.#endpoints = resolved.endpoints
    this.#okStatus = resolved.okStatus
    this.#wire = resolved.wire
    this.#options = options
    this.#signer = new IssuingSigner(options.apiKey, options.signScheme ?? "fields", options.signatureOverrides)
    this.#transport = transportFor(options, options.apiKey, resolved.wire)

    const call =
      <T>(op: IssuingOperation) =>
      (r: object) =>
        this.call<T>(op, r)
    this.cardholder = {
      create: call("cardholderCreate"),
      delete: call("cardholderDelete"),
      query: call("cardholderQuery"),
    }
    this.group = {
      query: call("groupQuery"),
      close: call("groupClose"),
      create: call("groupCreate"),
      refund: call("groupRefund"),
    }
    this.card = {
      create: call("cardCreate"),
      query: call("cardQuery"),
      refund: call("cardRefund"),
      status: call("cardStatus"),
      close: call("cardClose"),
      update: call("cardUpdate"),
      charge: call("cardCharge"),
    }
  }

  /**
   * Calls an endpoint the docs name without path or fields (cardBinQuery, groupStatus, groupCharge) once its
   * path is configured in `paths`. Fields are sent as given (plus company id, request_id if given, sign);
   * `data` is returned unvalidated.
   */
  async extra(
    operation: "cardBinQuery" | "groupStatus" | "groupCharge",
    request: IssuingExtraRequest
  ): Promise<unknown> {
    return this.call(operation, request)
  }

  /**
   * Any operation of the table by name: validate → company id, `request_id` → wire map → `sign` → send →
   * unwrap the envelope → `data` read as the row says (`ok` added to operation results and card entries).
   */
  async call<T = unknown>(op: IssuingOperation, request: object): Promise<T> {
    const row = this.#endpoints[op]
    const data = await this.#send(op, row, request)
    const ok = (status: string) => this.#okStatus.includes(status)
    switch (row.result) {
      case "operation": {
        const r = data as OperationResult
        return { ...r, ok: ok(r.status) } as T
      }
      case "cards": {
        const r = data as CardCreateResult
        return { ...r, createResultInfoList: r.createResultInfoList.map((e) => ({ ...e, ok: ok(e.status) })) } as T
      }
      case "none":
        return null as T
      default:
        return data as T
    }
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await this.#transport.close()
  }

  async #send(op: IssuingOperation, spec: IssuingEndpoint, request: unknown): Promise<unknown> {
    if (spec.path === null) {
      throw new GatewayOptionsError(
        `paths.${op}`,
        "is not configured: the gateway's docs give no path for this endpoint; set it to use the endpoint"
      )
    }
    const fields = parseRequest(spec.request ?? EXTRA_FIELDS, request ?? {}, op) as Body
    const body: Body = {}
    if (spec.requestId === "always") body.request_id = ""
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) body[k] = v
    body[spec.companyField] = String(this.#options.companyId)
    // wire map: values before signing; the "fields" scheme signs our names, "sorted-json" the names sent
    const valued = this.#wire.requestValues(op, body)
    const named = this.#wire.requestNames(op, valued)
    const sign = this.#signer.sign(op, this.#signer.scheme === "sorted-json" ? named : valued)
    const { body: text, contentType } = encodeBody({ ...named, [this.#wire.wireName(op, "sign")]: sign }, "json")
    const sent = await this.#transport.send({
      operation: op,
      url: joinUrl(this.#options.baseUrl, spec.path),
      body: text,
      contentType,
      idempotent: spec.retrySafe,
      ...(spec.cardData ? { cardData: true } : {}),
    })
    const res = this.#wire.isIdentity(op) ? sent : { ...sent, body: this.#wire.answerText(op, sent.body) }
    return this.#unwrap(op, spec, res)
  }

  #unwrap(op: IssuingOperation, spec: IssuingEndpoint, res: HttpResponse): unknown {
    let json: unknown
    let jsonOk = true
    try {
      json = JSON.parse(res.body)
    } catch {
      jsonOk = false
    }
    const env = jsonOk ? issuingEnvelopeSchema.safeParse(json) : null
    // A non-zero code is the gateway's answer whatever the HTTP status.
    if (env?.success && env.data.code !== 0) {
      const { en, zh } = envelopeMessage(env.data.msg)
      throw new IssuingApiError({ operation: op, code: env.data.code, message: en, ...(zh ? { messageZh: zh } : {}) })
    }
    if (res.status >= 500 && !spec.retrySafe) {
      throw new GatewayOutcomeUnknownError(op, `HTTP ${res.status}`, { httpStatus: res.status })
    }
    if (res.status < 200 || res.status >= 300) {
      const snippet = String(redact(res.body.replace(/\s+/g, " ").trim().slice(0, 200)))
      throw new GatewayApiError({ operation: op, code: `HTTP_${res.status}`, message: snippet, httpStatus: res.status })
    }
    try {
      if (!jsonOk) throw new GatewayResponseError(op, "(body)", "is not valid JSON", { httpStatus: res.status })
      const envelope = parseResponse(issuingEnvelopeSchema, json, op, res.status)
      // validated under "data" so that a mismatch names e.g. "data.cardholderId"
      return (
        parseResponse(z.object({ data: spec.data }), { data: envelope.data }, op, res.status) as { data: unknown }
      ).data
    } catch (err) {
      // A 2xx answer that cannot be read says nothing about what a request that moves money did: unknown, never a
      // refusal (which would free its idempotency key and let a retry move the money again).
      if (spec.retrySafe || !(err instanceof GatewayResponseError)) throw err
      throw new GatewayOutcomeUnknownError(op, `HTTP ${res.status} answer could not be read: ${err.message}`, {
        cause: err,
        httpStatus: res.status,
      })
    }
  }
}

/** Creates an issuing client; throws GatewayOptionsError naming a bad option. */
export function createIssuingClient(options: IssuingClientOptions): IssuingClient {
  return new IssuingClient(options)
}
