/**
 * Shared logic of the gateway's payment providers: Medusa's payment lifecycle mapped onto the gateway.
 * The services in ../services differ only in their identifier and payment method.
 *
 * Trust: a session's `data` is returned to the shopper and, at creation, Medusa stores whatever the storefront
 * sent in it. So this class only reads back keys it wrote itself, overwrites all of them on creation, and
 * confirms anything not final with the order query (`/v1/retrievalTrans`) by order_no = session id.
 */
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  PaymentSessionStatus,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"
import {
  AcquiringClient,
  AmountInput,
  AuthoriseResult,
  fromGatewayAmount,
  fromMinorUnits,
  GatewayOutcomeUnknownError,
  redact,
  toGatewayAmount,
  toMinorUnits,
  TransactionRecord,
} from "../../../lib/gateway"
import { acquiringClientFor, rememberProviderOptions } from "./client"
import { toMedusaError } from "./errors"
import { GatewayProviderOptions, validateProviderOptions } from "./options"
import { findSessionTransaction } from "./order-lookup"
import { buildPaymentRequest, BrowserData, OrderContext } from "./payment-request"
import {
  emptySessionData,
  findCardLikeKey,
  GatewayMethod,
  GatewaySessionData,
  readSessionData,
} from "./session-data"
import { GatewayState, isFinalState, sessionStatusOf, stateOfOutcome, stateOfRecord } from "./status"

/** What the plugin's card route passes to `updatePayment` (never stored: the returned data omits it). */
export interface CardSubmission {
  number: string
  exp_month: string
  exp_year: string
  cvv: string
  holder_name?: string
}

type Logger = { debug?: (m: string) => void; info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void }

/** A capture request recorded by the admin route is used only by the capture that follows it. */
const CAPTURE_REQUEST_TTL_MS = 5 * 60 * 1000

export abstract class GatewayBase extends AbstractPaymentProvider<GatewayProviderOptions> {
  protected abstract readonly method: GatewayMethod
  protected readonly options_: GatewayProviderOptions
  protected readonly logger_: Logger | undefined
  protected readonly client_: AcquiringClient

  static validateOptions(options: Record<string, unknown>): void {
    validateProviderOptions(options)
    rememberProviderOptions(options)
  }

  constructor(cradle: Record<string, unknown>, options: GatewayProviderOptions) {
    // @ts-ignore Medusa's constructor takes the container's cradle
    super(...arguments)
    this.options_ = options
    let logger: Logger | undefined
    try {
      logger = cradle.logger as Logger
    } catch {
      logger = undefined
    }
    this.logger_ = logger
    this.client_ = acquiringClientFor(options, logger)
  }

  // ------------------------------------------------------------------ session lifecycle

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const sessionId = String(input.data?.session_id ?? input.context?.idempotency_key ?? "")
    if (!sessionId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Gateway payment: the payment session id is missing")
    }
    const cardKey = findCardLikeKey(input.data)
    if (cardKey) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Gateway payment: card details must never be sent in the payment session's data (field "${cardKey}"); post them to /store/gateway/payment-sessions/:id/card`
      )
    }
    const currency = input.currency_code.toUpperCase()
    const data = emptySessionData(sessionId, this.method, this.toAmount(input.amount, currency), currency)
    const customer = input.context?.customer
    const result = await this.start(data, { customer, payment_method: input.data?.payment_method, browser: input.data?.browser })
    return { id: sessionId, data: result.data as unknown as Record<string, unknown>, status: result.status }
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const previous = this.read(input.data)
    const currency = (input.currency_code ?? previous.currency).toUpperCase()
    const amount = input.amount !== undefined && input.amount !== null ? this.toAmount(input.amount, currency) : previous.amount
    const submission = input.data?.card_submission as CardSubmission | undefined
    const context = input.data?.order_context as OrderContext | undefined

    let data = previous
    if (amount !== previous.amount || currency !== previous.currency) {
      // An authorisation belongs to the amount it was made for: void it and start again.
      await this.voidIfOpen(previous)
      data = emptySessionData(previous.order_no, this.method, amount, currency)
      if (!submission) {
        const restarted = await this.start(data, { payment_method: previous.payment_method, context })
        return { data: restarted.data as unknown as Record<string, unknown>, status: restarted.status }
      }
    }
    if (submission) {
      if (this.method !== "card") {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway payment: cards are posted only to a pp_gateway_card session`)
      }
      const result = await this.authoriseCard(data, submission, context ?? {})
      return { data: result.data as unknown as Record<string, unknown>, status: result.status }
    }
    return { data: data as unknown as Record<string, unknown>, status: this.statusOf(data) }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    let data = this.read(input.data)
    if (this.method === "card" && !data.transaction_id && !data.outcome_unknown) {
      // No card was posted for this session: nothing to authorise.
      return { data: data as unknown as Record<string, unknown>, status: data.gateway_state === "failed" ? "error" : "pending" }
    }
    // A verified direct answer that is final (approved or declined) needs no query; anything else is confirmed.
    if (!(data.gateway_state && isFinalState(data.gateway_state) && !data.outcome_unknown)) {
      data = await this.confirm(data)
    }
    if (data.gateway_state === "authorized" && this.options_.capture === "automatic") {
      data = await this.captureAutomatically(data)
    }
    return { data: data as unknown as Record<string, unknown>, status: this.statusOf(data) }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = this.read(input.data)
    const captureId = input.context?.idempotency_key ? String(input.context.idempotency_key) : null
    if (captureId && data.captures.some((c) => c.id === captureId)) {
      return { data: data as unknown as Record<string, unknown> } // a retry of a capture already made
    }
    this.requireTransaction(data, "capture")
    const amount = this.captureAmount(data)
    const captured = (state: GatewayState, unknown = false) => {
      const captures = [...data.captures, { id: captureId ?? `capture_${Date.now()}`, amount }]
      const total = captures.reduce((sum, c) => sum + toMinorUnits(c.amount, data.currency), 0n)
      return {
        data: {
          ...data,
          gateway_state: state,
          captures,
          captured_amount: fromMinorUnits(total, data.currency),
          capture_request: null,
          outcome_unknown: unknown,
        } as unknown as Record<string, unknown>,
      }
    }
    try {
      const res = await this.client_.capture({
        capture_orders: [{ transaction_id: data.transaction_id!, order_no: data.order_no, currency: data.currency, amount }],
      })
      const entry = res.capture_orders[0]
      if (entry?.outcome !== "done") {
        // Captured elsewhere (automatic capture, the merchant portal, an answer we lost) while Medusa made no
        // capture yet: record it. A second capture of ours stays refused.
        if (!data.captures.length) {
          const state = await this.queryState(data)
          if (state === "captured" || state === "partially_refunded" || state === "refunded") return captured(state)
        }
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Gateway capture refused: ${entry?.result ? `${entry.result.code} ${entry.result.message}` : entry?.error_message ?? "no answer for the transaction"}`
        )
      }
      return captured("captured")
    } catch (err) {
      if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway capture")
      // The capture may have happened: ask the gateway instead of guessing.
      const state = await this.queryState(data)
      if (state === "captured" || state === "partially_refunded" || state === "refunded") return captured(state)
      if (state === "authorized") {
        throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "Gateway capture: the gateway did not answer and has not captured the payment; try again")
      }
      this.logger_?.warn(`Gateway capture of ${data.order_no}: outcome unknown (${state ?? "order query failed"}); left for reconciliation`)
      return captured(data.gateway_state ?? "unknown", true)
    }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = this.read(input.data)
    const next = await this.voidIfOpen(data)
    return { data: next as unknown as Record<string, unknown> }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = this.read(input.data)
    this.requireTransaction(data, "refund")
    const reference = String(input.context?.idempotency_key ?? "")
    if (!reference) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Gateway refund: Medusa's refund id is missing")
    if (data.refunds.some((r) => r.reference === reference)) {
      return { data: data as unknown as Record<string, unknown> } // a retry of a refund already made
    }
    const refundAmount = this.toAmount(input.amount, data.currency)
    const entry = {
      transaction_id: data.transaction_id!,
      order_no: data.order_no,
      currency: data.currency,
      amount: data.amount,
      refund_amount: refundAmount,
      refund_reason: "requested by merchant",
      refund_reference: reference,
    }
    try {
      const res = await this.client_.refund({ refund_orders: [entry] })
      const out = res.refund_orders[0]
      if (out?.outcome !== "done") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Gateway refund refused: ${out?.result ? `${out.result.code} ${out.result.message}` : out?.refund_message ?? "no answer for the transaction"}`
        )
      }
      const refunds = [...data.refunds, { reference, refund_reference_id: out.refund_reference_id ?? null, amount: refundAmount, status: "pending" as const }]
      return { data: { ...data, refunds } as unknown as Record<string, unknown> }
    } catch (err) {
      if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway refund")
      // The refund may have been made: the refund search by our reference tells.
      try {
        const found = await this.client_.refundSearch({ merchant_refunds: [reference] })
        const rec = found.refund_orders.find((r) => r.refund_reference === reference)
        if (!rec) {
          throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "Gateway refund: the gateway did not answer and has no such refund; try again")
        }
        const status = rec.refund_status === "1" ? "refunded" : rec.refund_status === "2" ? "failed" : "pending"
        const refunds = [...data.refunds, { reference, refund_reference_id: rec.refund_reference_id ?? null, amount: refundAmount, status: status as "pending" }]
        return { data: { ...data, refunds } as unknown as Record<string, unknown> }
      } catch (searchErr) {
        if (searchErr instanceof MedusaError) throw searchErr
        this.logger_?.warn(`Gateway refund ${reference} of ${data.order_no}: outcome unknown; left for reconciliation`)
        const refunds = [...data.refunds, { reference, refund_reference_id: null, amount: refundAmount, status: "unknown" as const }]
        return { data: { ...data, refunds } as unknown as Record<string, unknown> }
      }
    }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const data = await this.confirm(this.read(input.data))
    return { data: data as unknown as Record<string, unknown> }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = await this.confirm(this.read(input.data))
    return { data: data as unknown as Record<string, unknown>, status: this.statusOf(data) }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = readSessionData(input.data)
    if (!data) return { data: input.data ?? {} }
    // A replaced session must not leave the shopper's funds held.
    const next = await this.voidIfOpen(data)
    return { data: next as unknown as Record<string, unknown> }
  }

  /**
   * For stores that point the gateway at Medusa's `/hooks/payment/gateway_*` route. Only a notification whose
   * signature verifies is acted on; Medusa ignores failed and canceled actions there, which is why the plugin
   * also has its own notification route.
   */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const body = (payload?.data ?? {}) as Record<string, unknown>
    if (!this.client_.verifyNotification(body)) return { action: "not_supported" }
    const orderNo = String(body.order_no ?? "")
    const currency = String(body.currency ?? "")
    const amountText = String(body.amount ?? "")
    let amount: number
    try {
      amount = fromGatewayAmount(amountText, currency)
    } catch {
      return { action: "not_supported" }
    }
    const payload_ = { session_id: orderNo, amount }
    const outcome = this.client_.paymentOutcome(String(body.order_status ?? ""))
    const state =
      typeof body.payment_status === "string" && body.payment_status
        ? stateOfRecord({ payment_status: body.payment_status, query_result: "1" })
        : stateOfOutcome(outcome)
    switch (state) {
      case "authorized":
        return { action: "authorized", data: payload_ }
      case "captured":
        return { action: "captured", data: payload_ }
      case "failed":
        return { action: "failed", data: payload_ }
      case "canceled":
        return { action: "canceled", data: payload_ }
      case "pending":
      case "review":
        return { action: "pending", data: payload_ }
      default:
        return { action: "not_supported" }
    }
  }

  // ------------------------------------------------------------------ per method

  /** Starts a session: card waits for the card post; hosted asks for the page; APM asks for the redirect. */
  private async start(
    data: GatewaySessionData,
    extra: { customer?: unknown; payment_method?: unknown; browser?: unknown; context?: OrderContext }
  ): Promise<{ data: GatewaySessionData; status: PaymentSessionStatus }> {
    if (this.method === "card") return { data, status: "pending" }
    const request = buildPaymentRequest({
      options: this.options_,
      order_no: data.order_no,
      amount: data.amount,
      currency: data.currency,
      context: { ...(extra.context ?? {}), browser: (extra.browser as BrowserData | undefined) ?? extra.context?.browser ?? null },
      customer: (extra.customer ?? null) as Parameters<typeof buildPaymentRequest>[0]["customer"],
    })
    if (this.method === "hosted") {
      delete request.accept
      try {
        const page = await this.client_.checkout(request as unknown as Parameters<AcquiringClient["checkout"]>[0])
        const next = { ...data, hosted: { action: page.action, inputs: page.inputs, html: page.html }, gateway_state: "pending" as const }
        return { data: next, status: "pending" }
      } catch (err) {
        throw toMedusaError(err, "Gateway hosted page")
      }
    }
    const method = typeof extra.payment_method === "string" ? extra.payment_method.trim() : ""
    if (!method) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, 'Gateway APM payment: field "data.payment_method" is required (e.g. "alipay")')
    }
    delete request.accept
    try {
      const res = await this.client_.authoriseApm({ ...(request as object), payment_method: method } as Parameters<AcquiringClient["authoriseApm"]>[0])
      const next = this.fromAnswer({ ...data, payment_method: method }, res)
      return { data: next, status: this.statusOf(next) }
    } catch (err) {
      if (err instanceof GatewayOutcomeUnknownError) {
        const next = { ...data, payment_method: method, outcome_unknown: true, gateway_state: "unknown" as const }
        return { data: next, status: "pending" }
      }
      throw toMedusaError(err, "Gateway APM payment")
    }
  }

  private async authoriseCard(
    data: GatewaySessionData,
    card: CardSubmission,
    context: OrderContext
  ): Promise<{ data: GatewaySessionData; status: PaymentSessionStatus }> {
    if (data.gateway_state && ["authorized", "captured", "review", "partially_refunded", "refunded"].includes(data.gateway_state)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Gateway card payment: this payment session is already authorised")
    }
    if (data.outcome_unknown || data.gateway_state === "pending") {
      // An earlier attempt may still complete: settle it first rather than charge twice.
      const settled = await this.confirm(data)
      if (settled.gateway_state && !["failed", "canceled", "not_found"].includes(settled.gateway_state)) {
        return { data: settled, status: this.statusOf(settled) }
      }
    }
    const request = buildPaymentRequest({ options: this.options_, order_no: data.order_no, amount: data.amount, currency: data.currency, context })
    const names = (card.holder_name ?? "").trim().split(/\s+/)
    if (names.length > 1 && !context.billing_address) {
      request.first_name = names.slice(0, -1).join(" ").slice(0, 100)
      request.last_name = names[names.length - 1]!.slice(0, 100)
    }
    const fresh = { ...emptySessionData(data.order_no, "card", data.amount, data.currency) }
    try {
      const res = await this.client_.authorise({
        ...(request as object),
        open3d: this.options_.three_ds ?? "do3DS",
        card: card.number,
        card_exp_month: card.exp_month,
        card_exp_year: card.exp_year,
        card_cvv: card.cvv,
      } as Parameters<AcquiringClient["authorise"]>[0])
      const next = this.fromAnswer(fresh, res)
      this.logger_?.info(`Gateway card payment ${data.order_no}: ${next.gateway_state} (${res.result_info})`)
      return { data: next, status: this.statusOf(next) }
    } catch (err) {
      if (err instanceof GatewayOutcomeUnknownError) {
        this.logger_?.warn(`Gateway card payment ${data.order_no}: outcome unknown; it will be confirmed with the order query`)
        const next = { ...fresh, outcome_unknown: true, gateway_state: "unknown" as const }
        return { data: next, status: "pending" }
      }
      throw toMedusaError(err, "Gateway card payment")
    }
  }

  // ------------------------------------------------------------------ helpers

  private fromAnswer(data: GatewaySessionData, res: AuthoriseResult): GatewaySessionData {
    const state = stateOfOutcome(res.outcome)
    return {
      ...data,
      transaction_id: res.transaction_id || null,
      gateway_state: state,
      card_mask: res.card || data.card_mask,
      threeds_result: res.threeds_result || null,
      issuer_url: state === "pending" ? res.issuer_url || null : null,
      decline: state === "failed" ? { code: res.result?.code ?? "", message: res.result?.message ?? res.result_info } : null,
      outcome_unknown: false,
    }
  }

  /** Asks the gateway for the session's transaction and records what it says. Never throws for a query failure. */
  private async confirm(data: GatewaySessionData): Promise<GatewaySessionData> {
    const record = await this.findRecord(data)
    if (record === undefined) return data // query failed: keep what we know
    if (record === null) {
      return data.outcome_unknown ? { ...data, outcome_unknown: false, gateway_state: "failed", decline: { code: "", message: "The gateway has no such payment" } } : data
    }
    const state = stateOfRecord(record)
    return {
      ...data,
      transaction_id: record.transaction_id || data.transaction_id,
      gateway_state: state,
      issuer_url: state === "pending" ? data.issuer_url : null,
      decline: state === "failed" ? data.decline ?? { code: record.query_result ?? "", message: "Declined at the gateway" } : null,
      outcome_unknown: state === "unknown",
    }
  }

  /** The session's transaction record; null when the gateway has none; undefined when the query failed. */
  private async findRecord(data: GatewaySessionData): Promise<TransactionRecord | null | undefined> {
    try {
      return await findSessionTransaction(this.client_, data.order_no, data.transaction_id)
    } catch (err) {
      this.logger_?.warn(`Gateway order query for ${data.order_no} failed: ${String(redact((err as Error).message))}`)
      return undefined
    }
  }

  private async queryState(data: GatewaySessionData): Promise<GatewayState | null> {
    const record = await this.findRecord(data)
    return record ? stateOfRecord(record) : record === null ? "not_found" : null
  }

  /** Voids an authorisation that is still open; anything else is left as it is. */
  private async voidIfOpen(data: GatewaySessionData): Promise<GatewaySessionData> {
    if (!data.transaction_id || !["authorized", "review", "unknown"].includes(data.gateway_state ?? "")) return data
    try {
      const res = await this.client_.cancel({
        cancel_orders: [{ transaction_id: data.transaction_id, order_no: data.order_no, currency: data.currency, amount: data.amount }],
      })
      const entry = res.cancel_orders[0]
      if (entry?.outcome === "done") return { ...data, gateway_state: "canceled", outcome_unknown: false }
      const state = await this.queryState(data)
      if (state === "canceled" || state === "failed") return { ...data, gateway_state: state, outcome_unknown: false }
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Gateway cancel refused: ${entry?.result ? `${entry.result.code} ${entry.result.message}` : entry?.error_message ?? "no answer for the transaction"}`
      )
    } catch (err) {
      if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway cancel")
      const state = await this.queryState(data)
      if (state === "canceled") return { ...data, gateway_state: "canceled", outcome_unknown: false }
      if (state === "authorized" || state === "review") {
        throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "Gateway cancel: the gateway did not answer and the payment is still open; try again")
      }
      this.logger_?.warn(`Gateway cancel of ${data.order_no}: outcome unknown; left for reconciliation`)
      return { ...data, outcome_unknown: true }
    }
  }

  private async captureAutomatically(data: GatewaySessionData): Promise<GatewaySessionData> {
    try {
      const out = await this.capturePayment({ data: data as unknown as Record<string, unknown> })
      return this.read(out.data)
    } catch (err) {
      // The authorisation stands; staff or reconciliation capture it later.
      this.logger_?.warn(`Gateway automatic capture of ${data.order_no} failed: ${String(redact((err as Error).message))}`)
      return data
    }
  }

  private captureAmount(data: GatewaySessionData): string {
    const req = data.capture_request
    if (req?.amount && Date.now() - Date.parse(req.requested_at) < CAPTURE_REQUEST_TTL_MS) {
      return this.toAmount(req.amount, data.currency)
    }
    return data.amount
  }

  private requireTransaction(data: GatewaySessionData, action: string): void {
    if (!data.transaction_id) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway ${action}: the payment has no gateway transaction`)
    }
  }

  private statusOf(data: GatewaySessionData): PaymentSessionStatus {
    if (this.method === "hosted" && (data.gateway_state === "pending" || data.gateway_state === "not_found")) {
      return "requires_more" // the shopper has not finished the hosted page
    }
    if (data.gateway_state === "not_found") return this.method === "card" ? "pending" : "requires_more"
    return sessionStatusOf(data.gateway_state ?? "pending", Boolean(data.issuer_url))
  }

  private read(data: Record<string, unknown> | undefined): GatewaySessionData {
    const d = readSessionData(data)
    if (!d) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Gateway payment: this payment has no gateway data (was it created by another provider?)")
    return d
  }

  private toAmount(amount: AmountInput, currency: string): string {
    try {
      return toGatewayAmount(amount, currency, { rounding: "half-even" })
    } catch (err) {
      throw toMedusaError(err, "Gateway payment")
    }
  }
}
