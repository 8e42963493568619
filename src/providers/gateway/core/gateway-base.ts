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
import { buildPaymentRequest, BrowserData, notifyUrl, OrderContext } from "./payment-request"
import {
  CaptureRecord,
  emptySessionData,
  findCardLikeKey,
  GatewayMethod,
  GatewaySessionData,
  readSessionData,
  RefundRecord,
  toProviderData,
} from "./session-data"
import {
  amountMismatch,
  GatewayState,
  isCapturedState,
  isFinalState,
  refundStatusOf,
  sessionStatusOf,
  stateOfOutcome,
  stateOfRecord,
} from "./status"

/** What the plugin's card route passes to `updatePayment` (never stored: the returned data is built from our keys only). */
export interface CardSubmission {
  number: string
  exp_month: string
  exp_year: string
  cvv: string
  holder_name?: string
}

type Logger = { debug?: (m: string) => void; info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void }

/** Medusa's capture record, read from the payment module's container (the provider lives in it). */
type CaptureReader = {
  retrieve(id: string, config?: { select?: string[] }): Promise<{ id: string; amount?: unknown; raw_amount?: unknown }>
  list(filters: Record<string, unknown>, config?: { select?: string[] }): Promise<{ id: string }[]>
}

export abstract class GatewayBase extends AbstractPaymentProvider<GatewayProviderOptions> {
  protected abstract readonly method: GatewayMethod
  protected readonly options_: GatewayProviderOptions
  protected readonly logger_: Logger | undefined
  protected readonly client_: AcquiringClient
  protected readonly cradle_: Record<string, unknown>

  static validateOptions(options: Record<string, unknown>): void {
    validateProviderOptions(options)
    rememberProviderOptions(options)
  }

  constructor(cradle: Record<string, unknown>, options: GatewayProviderOptions) {
    // @ts-ignore Medusa's constructor takes the container's cradle
    super(...arguments)
    this.options_ = options
    this.cradle_ = cradle
    this.logger_ = this.resolve<Logger>("logger")
    this.client_ = acquiringClientFor(options, this.logger_)
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
    return { id: sessionId, data: toProviderData(result), status: this.startStatus(result) }
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
      const voided = await this.voidIfOpen(previous)
      data = {
        ...emptySessionData(previous.order_no, this.method, amount, currency),
        card_attempts: previous.card_attempts,
        superseded_transaction_ids: supersede(voided),
      }
      if (!submission) {
        const restarted = await this.start(data, { payment_method: previous.payment_method, context })
        return { data: toProviderData(restarted), status: this.startStatus(restarted) }
      }
    }
    if (submission) {
      if (this.method !== "card") {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway payment: cards are posted only to a pp_gateway_card session`)
      }
      const result = await this.authoriseCard(data, submission, context ?? {})
      return { data: toProviderData(result), status: this.statusOf(result) }
    }
    return { data: toProviderData(data), status: this.statusOf(data) }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    let data = this.read(input.data)
    if (this.method === "card" && !data.transaction_id && !data.outcome_unknown) {
      // No card was posted for this session: nothing to authorise.
      return { data: toProviderData(data), status: data.gateway_state === "failed" ? "error" : "pending" }
    }
    // A verified direct answer that is final (approved or declined) needs no query; anything else is confirmed.
    if (!(data.gateway_state && isFinalState(data.gateway_state) && !data.outcome_unknown)) {
      data = await this.confirm(data)
    }
    if (data.gateway_state === "authorized" && !data.discrepancy && this.options_.capture === "automatic") {
      data = await this.captureAutomatically(data)
    }
    return { data: toProviderData(data), status: this.statusOf(data) }
  }

  /**
   * Captures the amount of Medusa's capture record (`context.idempotency_key` is its id: Medusa creates and
   * commits the record, with the amount staff or a workflow asked for, before it calls the provider). A capture
   * whose amount cannot be established is refused: never the whole authorisation by default.
   */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = this.read(input.data)
    const captureId = input.context?.idempotency_key ? String(input.context.idempotency_key) : null
    if (captureId && data.captures.some((c) => c.id === captureId)) {
      return { data: toProviderData(data) } // a retry of a capture already made
    }
    this.requireTransaction(data, "capture")
    const amount = captureId ? await this.amountOfCapture(captureId, data.currency) : this.remainingToCapture(data)
    const recorded = (status: CaptureRecord["status"], state?: GatewayState) => {
      const captures = [...data.captures, { id: captureId ?? `auto_${data.transaction_id}`, amount, status }]
      const total = captures.filter((c) => c.status === "captured").reduce((sum, c) => sum + toMinorUnits(c.amount, data.currency), 0n)
      return {
        data: toProviderData({
          ...data,
          gateway_state: status === "captured" ? (state && isCapturedState(state) ? state : "captured") : data.gateway_state,
          captures,
          captured_amount: fromMinorUnits(total, data.currency),
          outcome_unknown: status === "unknown",
        }),
      }
    }
    try {
      const res = await this.client_.capture({
        capture_orders: [{ transaction_id: data.transaction_id!, order_no: data.order_no, currency: data.currency, amount }],
      })
      const entry = res.capture_orders.find((e) => e.transaction_id === data.transaction_id) ?? res.capture_orders[0]
      if (!entry || entry.outcome === "unknown") {
        throw new GatewayOutcomeUnknownError("capture", entry ? `capture_status "${entry.capture_status}"` : "no entry for the transaction")
      }
      if (entry.outcome === "refused") {
        // Captured elsewhere (automatic capture, the merchant portal, an answer we lost) while Medusa has no
        // other capture of this payment: record it. A capture refused because another of ours went first
        // (two staff at once) stays refused, so Medusa never books more than the gateway took.
        if (!data.captures.length && !(captureId && (await this.hasOtherMedusaCaptures(captureId)))) {
          const state = await this.queryState(data)
          if (isCapturedState(state)) return recorded("captured", state!)
        }
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway capture refused: ${describeEntry(entry.result, entry.error_message)}`)
      }
      return recorded("captured")
    } catch (err) {
      if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway capture")
      // The capture may have happened: ask the gateway instead of guessing.
      const state = await this.queryState(data)
      if (isCapturedState(state)) return recorded("captured", state!)
      if (state === null || state === "unknown") {
        this.logger_?.warn(`Gateway capture ${captureId ?? ""} of ${data.order_no}: outcome unknown; recorded as unknown for the order sync`)
        return recorded("unknown")
      }
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Gateway capture: the gateway's answer was lost and the gateway says the payment is ${state}, not captured; nothing was captured, try again`
      )
    }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = this.read(input.data)
    return { data: toProviderData(await this.voidIfOpen(data)) }
  }

  /**
   * Refunds with `refund_reference` = Medusa's refund id. A definite refusal or failure is an error (Medusa
   * then deletes its refund); a lost answer the refund search cannot settle is recorded as unknown and left to
   * the refund sync, never guessed either way.
   */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = this.read(input.data)
    this.requireTransaction(data, "refund")
    const reference = String(input.context?.idempotency_key ?? "")
    if (!reference) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Gateway refund: Medusa's refund id is missing")
    if (data.refunds.some((r) => r.reference === reference)) {
      return { data: toProviderData(data) } // a retry of a refund already made
    }
    const refundAmount = this.toAmount(input.amount, data.currency)
    const recorded = (status: RefundRecord["status"], refund_reference_id: string | null) => ({
      data: toProviderData({ ...data, refunds: [...data.refunds, { reference, refund_reference_id, amount: refundAmount, status }] }),
    })
    // A chargeback the merchant lost is booked in Medusa as a refund (the reconciliation asks for it): the
    // gateway already took the money back, so nothing is sent.
    const chargeback = data.chargebacks.find((c) => !c.refund_id && toMinorUnits(c.amount, data.currency) === toMinorUnits(refundAmount, data.currency))
    if (chargeback) {
      const chargebacks = data.chargebacks.map((c) => (c === chargeback ? { ...c, refund_id: reference } : c))
      return {
        data: toProviderData({ ...data, chargebacks, refunds: [...data.refunds, { reference, refund_reference_id: null, amount: refundAmount, status: "refunded" }] }),
      }
    }
    try {
      const res = await this.client_.refund({
        refund_orders: [
          {
            transaction_id: data.transaction_id!,
            order_no: data.order_no,
            currency: data.currency,
            amount: data.amount,
            refund_amount: refundAmount,
            refund_reason: "requested by merchant",
            refund_reference: reference,
          },
        ],
      })
      const out = res.refund_orders.find((r) => r.refund_reference === reference) ?? res.refund_orders[0]
      if (!out || out.outcome === "unknown") {
        throw new GatewayOutcomeUnknownError("refund", out ? `refund_status "${out.refund_status}"` : "no entry for the refund")
      }
      if (out.outcome === "refused") {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway refund refused: ${describeEntry(out.result, out.refund_message)}`)
      }
      return recorded("pending", out.refund_reference_id ?? null)
    } catch (err) {
      if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway refund")
      // The refund may have been made: the refund search by our reference tells.
      let found: { refund_status?: string | null; refund_reference_id?: string | null } | null | undefined
      try {
        const res = await this.client_.refundSearch({ merchant_refunds: [reference] })
        found = res.refund_orders.find((r) => r.refund_reference === reference) ?? null
      } catch (searchErr) {
        this.logger_?.warn(`Gateway refund search for ${reference} failed: ${String(redact((searchErr as Error).message))}`)
        found = undefined
      }
      if (found) {
        const status = refundStatusOf(found.refund_status)
        if (status === "failed") {
          throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway refund ${reference}: the gateway reports it failed; nothing was refunded`)
        }
        return recorded(status, found.refund_reference_id ?? null)
      }
      this.logger_?.warn(`Gateway refund ${reference} of ${data.order_no}: outcome unknown; recorded as unknown for the refund sync`)
      return recorded("unknown", null)
    }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const data = await this.confirm(this.read(input.data))
    return { data: toProviderData(data) }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = await this.confirm(this.read(input.data))
    return { data: toProviderData(data), status: this.statusOf(data) }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = readSessionData(input.data)
    if (!data) return { data: {} }
    // A replaced session must not leave the shopper's funds held.
    return { data: toProviderData(await this.voidIfOpen(data)) }
  }

  /**
   * For stores that point the gateway at Medusa's `/hooks/payment/gateway_*` route. Only a notification whose
   * signature verifies is used, and only its signed fields (order_no, amount, currency, order_status): Medusa
   * then calls authorizePayment, which confirms with the order query. Medusa ignores failed and canceled actions
   * there, which is why the plugin also has its own notification route.
   */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const body = (payload?.data ?? {}) as Record<string, unknown>
    if (!this.client_.verifyNotification(body)) return { action: "not_supported" }
    const orderNo = String(body.order_no ?? "")
    let amount: number
    try {
      amount = fromGatewayAmount(String(body.amount ?? ""), String(body.currency ?? ""))
    } catch {
      return { action: "not_supported" }
    }
    const payload_ = { session_id: orderNo, amount }
    switch (stateOfOutcome(this.client_.paymentOutcome(String(body.order_status ?? "")))) {
      case "authorized":
        return { action: "authorized", data: payload_ }
      case "failed":
        return { action: "failed", data: payload_ }
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
  ): Promise<GatewaySessionData> {
    if (this.method === "card") return data
    const request = buildPaymentRequest({
      options: this.options_,
      order_no: data.order_no,
      amount: data.amount,
      currency: data.currency,
      context: { ...(extra.context ?? {}), browser: (extra.browser as BrowserData | undefined) ?? extra.context?.browser ?? null },
      customer: (extra.customer ?? null) as Parameters<typeof buildPaymentRequest>[0]["customer"],
    })
    delete request.accept
    if (this.method === "hosted") {
      try {
        const page = await this.client_.checkout(request as unknown as Parameters<AcquiringClient["checkout"]>[0])
        return { ...data, hosted: { action: page.action, inputs: page.inputs, html: page.html }, gateway_state: "pending" }
      } catch (err) {
        throw toMedusaError(err, "Gateway hosted page")
      }
    }
    const method = typeof extra.payment_method === "string" ? extra.payment_method.trim() : ""
    if (!method) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, 'Gateway APM payment: field "data.payment_method" is required (e.g. "alipay")')
    }
    try {
      const res = await this.client_.authoriseApm({ ...(request as object), payment_method: method } as Parameters<AcquiringClient["authoriseApm"]>[0])
      return this.fromAnswer({ ...data, payment_method: method }, res)
    } catch (err) {
      if (err instanceof GatewayOutcomeUnknownError) return { ...data, payment_method: method, outcome_unknown: true, gateway_state: "unknown" }
      throw toMedusaError(err, "Gateway APM payment")
    }
  }

  private async authoriseCard(data: GatewaySessionData, card: CardSubmission, context: OrderContext): Promise<GatewaySessionData> {
    if (data.gateway_state && ["authorized", "captured", "review", "partially_refunded", "refunded"].includes(data.gateway_state)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Gateway card payment: this payment session is already authorised")
    }
    if (data.outcome_unknown || data.gateway_state === "pending") {
      // An earlier attempt may still complete: settle it first rather than charge twice.
      const settled = await this.confirm(data)
      if (settled.gateway_state && !["failed", "canceled", "not_found"].includes(settled.gateway_state)) return settled
      data = settled
    }
    const request = buildPaymentRequest({ options: this.options_, order_no: data.order_no, amount: data.amount, currency: data.currency, context })
    const names = (card.holder_name ?? "").trim().split(/\s+/)
    if (names.length > 1 && !context.billing_address) {
      request.first_name = names.slice(0, -1).join(" ").slice(0, 100)
      request.last_name = names[names.length - 1]!.slice(0, 100)
    }
    // A new attempt: the earlier one's records and notifications no longer apply to this session.
    const fresh: GatewaySessionData = {
      ...emptySessionData(data.order_no, "card", data.amount, data.currency),
      card_attempts: data.card_attempts + 1,
      superseded_transaction_ids: supersede(data),
    }
    try {
      const res = await this.client_.authorise({
        ...(request as object),
        open3d: this.options_.three_ds ?? "do3DS",
        card: card.number,
        expiration_month: card.exp_month,
        expiration_year: card.exp_year,
        security_code: card.cvv,
      } as Parameters<AcquiringClient["authorise"]>[0])
      const next = this.fromAnswer(fresh, res)
      this.logger_?.info(`Gateway card payment ${data.order_no}: ${next.gateway_state} (${res.result_info})`)
      return next
    } catch (err) {
      if (err instanceof GatewayOutcomeUnknownError) {
        this.logger_?.warn(`Gateway card payment ${data.order_no}: outcome unknown; it will be confirmed with the order query`)
        return { ...fresh, outcome_unknown: true, gateway_state: "unknown" }
      }
      throw toMedusaError(err, "Gateway card payment")
    }
  }

  // ------------------------------------------------------------------ helpers

  private fromAnswer(data: GatewaySessionData, res: AuthoriseResult): GatewaySessionData {
    const state = stateOfOutcome(res.outcome)
    const issuerUrl = state === "pending" ? res.issuer_url || null : null
    return {
      ...data,
      transaction_id: res.transaction_id || null,
      gateway_state: state,
      card_mask: res.card || data.card_mask,
      threeds_result: res.threeds_result || null,
      issuer_url: issuerUrl,
      redirect: issuerUrl ? this.redirectTo(issuerUrl) : null,
      decline: state === "failed" ? { code: res.result?.code ?? "", message: res.result?.message ?? res.result_info } : null,
      outcome_unknown: false,
      discrepancy: amountMismatch(res, data, (a, c) => toMinorUnits(a, c)),
    }
  }

  /** The documented 3-D Secure / APM hand-off: POST return_url and notify_url to the issuer's page. */
  private redirectTo(url: string): GatewaySessionData["redirect"] {
    const fields: Record<string, string> = {}
    if (this.options_.return_url) fields.return_url = this.options_.return_url
    const notify = notifyUrl(this.options_)
    if (notify) fields.notify_url = notify
    return { url, method: "POST", fields }
  }

  /** Asks the gateway for the session's current transaction and records what it says. Never throws for a query failure. */
  private async confirm(data: GatewaySessionData): Promise<GatewaySessionData> {
    const record = await this.findRecord(data)
    if (record === undefined) return data // query failed: keep what we know
    if (record === null) {
      return data.outcome_unknown ? { ...data, outcome_unknown: false, gateway_state: "failed", decline: { code: "", message: "The gateway has no such payment" } } : data
    }
    const discrepancy = amountMismatch(record, data, (a, c) => toMinorUnits(a, c))
    if (discrepancy) {
      this.logger_?.warn(`Gateway payment ${data.order_no}: ${discrepancy}; not authorised`)
      return { ...data, transaction_id: record.transaction_id || data.transaction_id, discrepancy, outcome_unknown: false }
    }
    const state = stateOfRecord(record)
    return {
      ...data,
      transaction_id: record.transaction_id || data.transaction_id,
      gateway_state: state,
      issuer_url: state === "pending" ? data.issuer_url : null,
      redirect: state === "pending" ? data.redirect : null,
      decline: state === "failed" ? data.decline ?? { code: record.query_result ?? "", message: "Declined at the gateway" } : null,
      outcome_unknown: state === "unknown",
    }
  }

  /** The session's current transaction record; null when the gateway has none; undefined when the query failed. */
  private async findRecord(data: GatewaySessionData): Promise<TransactionRecord | null | undefined> {
    try {
      return await findSessionTransaction(this.client_, data.order_no, data.transaction_id, data.superseded_transaction_ids)
    } catch (err) {
      this.logger_?.warn(`Gateway order query for ${data.order_no} failed: ${String(redact((err as Error).message))}`)
      return undefined
    }
  }

  /** The gateway's state of the session's transaction: not_found when it has none, null when the query failed. */
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
      const entry = res.cancel_orders.find((e) => e.transaction_id === data.transaction_id) ?? res.cancel_orders[0]
      if (!entry || entry.outcome === "unknown") {
        throw new GatewayOutcomeUnknownError("cancel", entry ? `cancel_status "${entry.cancel_status}"` : "no entry for the transaction")
      }
      if (entry.outcome === "done") return { ...data, gateway_state: "canceled", outcome_unknown: false }
      const state = await this.queryState(data)
      if (state === "canceled" || state === "failed") return { ...data, gateway_state: state, outcome_unknown: false }
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway cancel refused: ${describeEntry(entry.result, entry.error_message)}`)
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
      const out = await this.capturePayment({ data: toProviderData(data) })
      return this.read(out.data)
    } catch (err) {
      // The authorisation stands; staff or reconciliation capture it later.
      this.logger_?.warn(`Gateway automatic capture of ${data.order_no} failed: ${String(redact((err as Error).message))}`)
      return data
    }
  }

  /** The amount of Medusa's capture record `captureId`, as gateway decimal text; refuses when it cannot be read. */
  private async amountOfCapture(captureId: string, currency: string): Promise<string> {
    const captures = this.resolve<CaptureReader>("captureService")
    let capture: Awaited<ReturnType<CaptureReader["retrieve"]>> | null = null
    try {
      capture = captures ? await captures.retrieve(captureId, { select: ["id", "amount", "raw_amount"] }) : null
    } catch {
      capture = null
    }
    const amount = (capture?.raw_amount ?? capture?.amount) as AmountInput | undefined
    if (amount === undefined || amount === null) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Gateway capture: the amount of capture ${captureId} cannot be established; nothing was captured (capture through Medusa's payment module so that its capture record carries the amount)`
      )
    }
    return this.toAmount(amount, currency)
  }

  /** Whether Medusa holds another capture of the same payment as capture `captureId` (committed before us). */
  private async hasOtherMedusaCaptures(captureId: string): Promise<boolean> {
    const captures = this.resolve<CaptureReader>("captureService")
    try {
      const mine = (await captures!.retrieve(captureId, { select: ["id", "payment_id"] })) as { payment_id?: string }
      const all = await captures!.list({ payment_id: mine.payment_id }, { select: ["id"] })
      return all.some((c) => c.id !== captureId)
    } catch {
      return true // cannot tell: refuse rather than book a capture the gateway may not have made for us
    }
  }

  /** What an automatic capture takes: the authorisation less what is already captured. */
  private remainingToCapture(data: GatewaySessionData): string {
    const captured = data.captures.reduce((sum, c) => sum + toMinorUnits(c.amount, data.currency), 0n)
    return fromMinorUnits(toMinorUnits(data.amount, data.currency) - captured, data.currency)
  }

  private requireTransaction(data: GatewaySessionData, action: string): void {
    if (!data.transaction_id) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway ${action}: the payment has no gateway transaction`)
    }
  }

  /** A new session's status: a hosted page waits for the shopper (pending), the others as their state says. */
  private startStatus(data: GatewaySessionData): PaymentSessionStatus {
    return this.method === "hosted" && data.gateway_state === "pending" ? "pending" : this.statusOf(data)
  }

  private statusOf(data: GatewaySessionData): PaymentSessionStatus {
    if (data.discrepancy) return "error" // never authorise a payment the gateway made for another amount
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

  /** Medusa's amounts to gateway text, rounded half-up to the currency's exponent as Medusa rounds its totals. */
  private toAmount(amount: AmountInput, currency: string): string {
    try {
      return toGatewayAmount(amount, currency, { rounding: "half-up" })
    } catch (err) {
      throw toMedusaError(err, "Gateway payment")
    }
  }

  /** A registration of the payment module's container, or undefined (awilix throws for unknown names). */
  private resolve<T>(name: string): T | undefined {
    try {
      return this.cradle_[name] as T | undefined
    } catch {
      return undefined
    }
  }
}

/** The transaction ids an attempt on this session replaces: earlier ones plus the current one, if any. */
function supersede(data: GatewaySessionData): string[] {
  const ids = [...data.superseded_transaction_ids]
  if (data.transaction_id && !ids.includes(data.transaction_id)) ids.push(data.transaction_id)
  return ids.slice(-20)
}

function describeEntry(result: { code: string; message: string } | null | undefined, message: string | null | undefined): string {
  return result ? `${result.code} ${result.message}` : message || "no answer for the transaction"
}
