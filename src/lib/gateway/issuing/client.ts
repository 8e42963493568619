/**
 * The issuing client (cardholders, card groups, virtual cards): typed requests in, typed `data` out.
 *
 * Every call: validate the request (GatewayValidationError, nothing sent) → add the company id in the
 * endpoint's spelling and `request_id` ("" by default, as in the samples) → `sign` → JSON → send (queries
 * retried) → unwrap `{ code, msg, data }`: code ≠ 0 → IssuingApiError with the en-US text → validate `data`
 * (GatewayResponseError naming the field).
 */
import { z } from "zod"
import { GatewayApiError, GatewayOptionsError, GatewayOutcomeUnknownError, GatewayResponseError, IssuingApiError } from "../errors"
import { encodeBody } from "../encoding"
import { HttpResponse, HttpTransport } from "../http"
import { redact } from "../redact"
import { IssuingSigner } from "../signing"
import { joinUrl } from "../client-options"
import { parseRequest, parseResponse } from "../validate"
import { IssuingClientOptions, IssuingOperation, IssuingOperationSpec, resolveIssuingOptions } from "./options"
import type { WireMap } from "../wire-map"
import {
  CardCloseRequest,
  cardCloseRequestSchema,
  CardChargeRequest,
  cardChargeRequestSchema,
  CardCreateRequest,
  cardCreateRequestSchema,
  cardCreateResponseSchema,
  CardCreateResult,
  CardQueryRequest,
  cardQueryRequestSchema,
  CardRecord,
  cardRecordSchema,
  CardRefundRequest,
  cardRefundRequestSchema,
  CardStatusRequest,
  cardStatusRequestSchema,
  CardUpdateRequest,
  cardUpdateRequestSchema,
} from "./schemas/card"
import {
  CardholderCreateRequest,
  cardholderCreateRequestSchema,
  CardholderDeleteRequest,
  cardholderIdRequestSchema,
  CardholderQueryRequest,
  CardholderRecord,
  cardholderRecordSchema,
} from "./schemas/cardholder"
import { envelopeMessage, issuingEnvelopeSchema, OperationResult, operationResultSchema } from "./schemas/common"
import {
  GroupCloseRequest,
  GroupCreateRequest,
  groupCreateRequestSchema,
  groupIdRequestSchema,
  GroupQueryRequest,
  GroupRecord,
  groupRecordSchema,
  GroupRefundRequest,
  groupRefundRequestSchema,
} from "./schemas/group"

type Body = Record<string, unknown>

/** Request of an extra endpoint (cardBinQuery, groupStatus, groupCharge): fields as the gateway names them. */
export type IssuingExtraRequest = Record<string, string | number | boolean | null | undefined>

export class IssuingClient {
  readonly #options: IssuingClientOptions
  readonly #operations: Record<IssuingOperation, IssuingOperationSpec>
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
    this.#operations = resolved.operations
    this.#wire = resolved.wire
    this.#options = options
    this.#signer = new IssuingSigner(options.apiKey, options.signScheme ?? "fields", options.signatureOverrides)
    this.#transport = new HttpTransport({
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.connections !== undefined ? { connections: options.connections } : {}),
      ...(options.maxResponseBytes !== undefined ? { maxResponseBytes: options.maxResponseBytes } : {}),
      secrets: [options.apiKey],
    })

    const isOk = (status: string) => resolved.okStatus.includes(status)
    const op = (result: unknown): OperationResult => {
      const r = result as z.output<typeof operationResultSchema>
      return { ...r, ok: isOk(r.status) }
    }

    this.cardholder = {
      create: (r) => this.#call("cardholderCreate", cardholderCreateRequestSchema, r, cardholderRecordSchema),
      delete: async (r) => {
        await this.#call("cardholderDelete", cardholderIdRequestSchema, r, z.unknown())
        return null
      },
      query: (r) => this.#call("cardholderQuery", cardholderIdRequestSchema, r, cardholderRecordSchema),
    }
    this.group = {
      query: (r) => this.#call("groupQuery", groupIdRequestSchema, r, groupRecordSchema),
      close: async (r) => op(await this.#call("groupClose", groupIdRequestSchema, r, operationResultSchema)),
      create: async (r) => op(await this.#call("groupCreate", groupCreateRequestSchema, r, operationResultSchema)),
      refund: async (r) => op(await this.#call("groupRefund", groupRefundRequestSchema, r, operationResultSchema)),
    }
    this.card = {
      create: async (r) => {
        const res = await this.#call("cardCreate", cardCreateRequestSchema, r, cardCreateResponseSchema)
        return { ...res, createResultInfoList: res.createResultInfoList.map((e) => ({ ...e, ok: isOk(e.status) })) }
      },
      query: (r) => this.#call("cardQuery", cardQueryRequestSchema, r, cardRecordSchema),
      refund: async (r) => op(await this.#call("cardRefund", cardRefundRequestSchema, r, operationResultSchema)),
      status: async (r) => op(await this.#call("cardStatus", cardStatusRequestSchema, r, operationResultSchema)),
      close: async (r) => op(await this.#call("cardClose", cardCloseRequestSchema, r, operationResultSchema)),
      update: async (r) => op(await this.#call("cardUpdate", cardUpdateRequestSchema, r, operationResultSchema)),
      charge: async (r) => op(await this.#call("cardCharge", cardChargeRequestSchema, r, operationResultSchema)),
    }
  }

  /**
   * Calls an endpoint the docs name without path or fields (cardBinQuery, groupStatus, groupCharge) once its
   * path is configured in `paths`. Fields are sent as given (plus company id, request_id if given, sign);
   * `data` is returned unvalidated.
   */
  async extra(operation: "cardBinQuery" | "groupStatus" | "groupCharge", request: IssuingExtraRequest): Promise<unknown> {
    const schema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]).optional())
    return this.#call(operation, schema, request, z.unknown())
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await this.#transport.close()
  }

  async #call<S extends z.ZodType>(op: IssuingOperation, schema: z.ZodType, request: unknown, dataSchema: S): Promise<z.output<S>> {
    const spec = this.#operations[op]
    if (spec.path === null) {
      throw new GatewayOptionsError(
        `paths.${op}`,
        "is not configured: the gateway's docs give no path for this endpoint; set it to use the endpoint",
      )
    }
    const fields = parseRequest(schema, request ?? {}, op) as Body
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
      idempotent: spec.idempotent,
    })
    const res = this.#wire.isIdentity(op) ? sent : { ...sent, body: this.#wire.answerText(op, sent.body) }
    return this.#unwrap(op, spec, res, dataSchema)
  }

  #unwrap<S extends z.ZodType>(op: IssuingOperation, spec: IssuingOperationSpec, res: HttpResponse, dataSchema: S): z.output<S> {
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
    if (res.status >= 500 && !spec.idempotent) {
      throw new GatewayOutcomeUnknownError(op, `HTTP ${res.status}`, { httpStatus: res.status })
    }
    if (res.status < 200 || res.status >= 300) {
      const snippet = String(redact(res.body.replace(/\s+/g, " ").trim().slice(0, 200)))
      throw new GatewayApiError({ operation: op, code: `HTTP_${res.status}`, message: snippet, httpStatus: res.status })
    }
    if (!jsonOk) throw new GatewayResponseError(op, "(body)", "is not valid JSON", { httpStatus: res.status })
    const envelope = parseResponse(issuingEnvelopeSchema, json, op, res.status)
    // validated under "data" so that a mismatch names e.g. "data.cardholderId"
    const wrapped = parseResponse(z.object({ data: dataSchema }), { data: envelope.data }, op, res.status) as { data: z.output<S> }
    return wrapped.data
  }
}

/** Creates an issuing client; throws GatewayOptionsError naming a bad option. */
export function createIssuingClient(options: IssuingClientOptions): IssuingClient {
  return new IssuingClient(options)
}
