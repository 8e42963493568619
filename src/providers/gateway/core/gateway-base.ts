/**
 * Medusa's payment lifecycle mapped onto the gateway, shared by the three services (../services): each service
 * supplies what differs for its method (how a session starts, whether it takes a card, how it waits for the
 * shopper) and this class does the rest.
 *
 * Trust: a session's `data` is returned to the shopper and, at creation, Medusa stores whatever the storefront
 * sent in it. So this class only reads back keys it wrote itself (`readSessionData`), writes back only its own
 * keys (`toProviderData`), and confirms anything not final with the order query by order_no = session id.
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
import { AbstractPaymentProvider, generateEntityId, MedusaError } from "@medusajs/framework/utils"
import { AmountInput, redact, toGatewayAmount } from "../../../lib/gateway"
import {
  BrowserData,
  CardSubmission,
  buildPaymentRequest,
  createProviderClient,
  DeclineStore,
  DeletedSessionStore,
  deletedSessionOf,
  emptySessionData,
  findCardLikeKey,
  findCardRouteKey,
  GatewayMethod,
  gatewayProviderId,
  GatewayProviderOptions,
  GatewaySessionData,
  insecureHttpWarning,
  isFinalState,
  OrderContext,
  HandedOrderQuery,
  PaymentRecordStore,
  readSessionData,
  sessionStatusOf,
  toMedusaError,
  toProviderData,
  validateProviderOptions,
} from "../../../domain"
import { capture, CaptureReader } from "./capture"
import { refund, RefundReader } from "./refund"
import { ProviderLogger, SessionGateway } from "./session-gateway"
import { webhookActionOf } from "./webhook-action"

/** What a session starts from besides its amount: the shopper and cart as far as Medusa gives them. */
export interface StartContext {
  customer?: Parameters<typeof buildPaymentRequest>[0]["customer"]
  payment_method?: unknown
  browser?: BrowserData | null
  context?: OrderContext
}

/** Options already warned about: the three services share one options object, so its warning is logged once. */
const warnedOptions = new WeakSet<object>()

export abstract class GatewayBase extends AbstractPaymentProvider<GatewayProviderOptions> {
  protected abstract readonly method: GatewayMethod
  /** The session's status while the gateway has no transaction for it yet. */
  protected readonly notFoundStatus: PaymentSessionStatus = "requires_more"
  protected readonly options_: GatewayProviderOptions
  protected readonly gateway_: SessionGateway
  protected readonly cradle_: Record<string, unknown>

  static validateOptions(options: Record<string, unknown>): void {
    validateProviderOptions(options)
  }

  constructor(cradle: Record<string, unknown>, options: GatewayProviderOptions) {
    // @ts-ignore Medusa's constructor takes the container's cradle
    super(...arguments)
    this.options_ = options
    this.cradle_ = cradle
    const logger = this.resolve<ProviderLogger>("logger")
    this.gateway_ = new SessionGateway(createProviderClient(options, logger), options, logger, () =>
      this.resolve<DeclineStore & PaymentRecordStore & HandedOrderQuery>("gateway")
    )
    const insecure = insecureHttpWarning(options, ["base_url", "store_url", "return_url"])
    if (insecure && !warnedOptions.has(options)) {
      warnedOptions.add(options)
      logger?.warn(`Gateway payment provider: ${insecure}`)
    }
  }

  // ------------------------------------------------------------------ what each method supplies

  /** Starts a session: the card waits for the card post; the hosted page asks for the page; an APM for the redirect. */
  protected abstract start(data: GatewaySessionData, extra: StartContext): Promise<GatewaySessionData>

  /** A card posted to the session (the card service's); the other methods take none. */
  protected async authoriseCard(
    _data: GatewaySessionData,
    _card: CardSubmission,
    _context: OrderContext
  ): Promise<GatewaySessionData> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Gateway payment: cards are posted only to a ${gatewayProviderId("card")} session`
    )
  }

  /** After the session was confirmed: what the payment saved or sold (the card service's saved card and subscription). */
  protected async settle(_data: GatewaySessionData): Promise<void> {}

  /** Whether the session still waits for the shopper's input before there is anything to confirm. */
  protected awaitsInput(_data: GatewaySessionData): boolean {
    return false
  }

  /** A new session's status. */
  protected startStatus(data: GatewaySessionData): PaymentSessionStatus {
    return this.statusOf(data)
  }

  protected statusOf(data: GatewaySessionData): PaymentSessionStatus {
    if (data.discrepancy) return "error" // never authorise a payment the gateway made for another amount
    if (data.gateway_state === "not_found") return this.notFoundStatus
    return sessionStatusOf(data.gateway_state ?? "pending", Boolean(data.issuer_url))
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
    const routeKey = findCardRouteKey(input.data)
    if (routeKey) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Gateway payment: field "${routeKey}" of the payment session's data is set only by the card route (/store/gateway/payment-sessions/:id/card); leave it out`
      )
    }
    const currency = input.currency_code.toUpperCase()
    const data = emptySessionData(sessionId, this.method, this.toAmount(input.amount, currency), currency)
    const result = await this.recorded(
      await this.start(data, {
        customer: (input.context?.customer ?? null) as StartContext["customer"],
        payment_method: input.data?.payment_method,
        browser: (input.data?.browser as BrowserData | undefined) ?? null,
      })
    )
    return { id: sessionId, data: toProviderData(result), status: this.startStatus(result) }
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const previous = this.read(input.data)
    const currency = (input.currency_code ?? previous.currency).toUpperCase()
    const amount =
      input.amount !== undefined && input.amount !== null ? this.toAmount(input.amount, currency) : previous.amount
    const submission = input.data?.card_submission as CardSubmission | undefined
    const context = input.data?.order_context as OrderContext | undefined

    let data = previous
    if (amount !== previous.amount || currency !== previous.currency) {
      // An authorisation belongs to the amount it was made for: void it and start again.
      const voided = await this.recorded(await this.gateway_.voidIfOpen(previous))
      data = {
        ...emptySessionData(previous.order_no, this.method, amount, currency),
        superseded_transaction_ids: supersede(voided),
      }
      if (!submission) {
        const restarted = await this.recorded(
          await this.start(data, { payment_method: previous.payment_method, ...(context ? { context } : {}) })
        )
        return { data: toProviderData(restarted), status: this.startStatus(restarted) }
      }
    }
    if (submission) {
      const result = await this.recorded(await this.authoriseCard(data, submission, context ?? {}))
      return { data: toProviderData(result), status: this.statusOf(result) }
    }
    return { data: toProviderData(data), status: this.statusOf(data) }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    let data = this.read(input.data)
    if (this.awaitsInput(data)) {
      return { data: toProviderData(data), status: data.gateway_state === "failed" ? "error" : "pending" }
    }
    // A verified direct answer that is final (approved or declined) needs no query; anything else is confirmed,
    // with the complete-cart check's answer of a moment ago when it read one (a single read per completion).
    if (!(data.gateway_state && isFinalState(data.gateway_state) && !data.outcome_unknown)) {
      data = await this.gateway_.confirm(data, { handed: true })
    }
    if (data.gateway_state === "authorized" && !data.discrepancy && this.options_.capture === "automatic") {
      data = await this.captureAutomatically(data)
    }
    await this.settle(data)
    await this.gateway_.track(data)
    return { data: toProviderData(data), status: this.statusOf(data) }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = this.read(input.data)
    const captureId = input.context?.idempotency_key ? String(input.context.idempotency_key) : null
    if (captureId && data.captures.some((c) => c.id === captureId)) {
      return { data: toProviderData(data) } // a retry of a capture already made
    }
    this.requireTransaction(data, "capture")
    return {
      data: toProviderData(
        await this.recorded(
          await capture(this.gateway_, data, captureId, this.resolve<CaptureReader>("captureService"))
        )
      ),
    }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: toProviderData(await this.recorded(await this.gateway_.voidIfOpen(this.read(input.data)))) }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = this.read(input.data)
    this.requireTransaction(data, "refund")
    const reference = String(input.context?.idempotency_key ?? "")
    if (!reference)
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Gateway refund: Medusa's refund id is missing")
    if (data.refunds.some((r) => r.reference === reference)) {
      return { data: toProviderData(data) } // a retry of a refund already made
    }
    const amount = this.toAmount(input.amount, data.currency)
    return {
      data: toProviderData(
        await this.recorded(
          await refund(this.gateway_, data, reference, amount, this.resolve<RefundReader>("refundService"))
        )
      ),
    }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data: toProviderData(await this.gateway_.confirm(this.read(input.data))) }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = await this.gateway_.confirm(this.read(input.data))
    return { data: toProviderData(data), status: this.statusOf(data) }
  }

  /**
   * Medusa deletes a collection's sessions whenever a new one is created (a shopper switching methods, a storefront
   * starting again, the back button on a completed cart) and when the cart's total changes, and hard-deletes the
   * row afterwards. Nothing is voided here: a cart completion may be making this very session the order's payment
   * at the same moment (Medusa takes no lock the provider can see), and a void then would leave the order with a
   * payment the gateway released. The record kept here is what notifications and the order sync read once the
   * settling deadline has passed (src/reconciliation/deleted-sessions.ts): whatever the gateway then holds for the
   * session, unless it became an order's payment, is released. Only a record that cannot be written stops the
   * deletion (Medusa then keeps the session).
   */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = readSessionData(input.data)
    if (!data) return { data: {} }
    await this.resolve<DeletedSessionStore>("gateway")?.keepDeletedSession(
      deletedSessionOf(data, await this.paymentCollectionOf(data.order_no))
    )
    return { data: toProviderData(data) }
  }

  /** The payment collection of a session still in the payment module's table (null when it is not there). */
  private async paymentCollectionOf(sessionId: string): Promise<string | null> {
    const sessions = this.resolve<{
      list(filters: object, config: object): Promise<{ payment_collection_id?: string | null }[]>
    }>("paymentSessionService")
    const [row] =
      (await sessions?.list({ id: [sessionId] }, { select: ["payment_collection_id"] }).catch(() => [])) ?? []
    return row?.payment_collection_id ?? null
  }

  /** For stores that point the gateway at Medusa's `/hooks/payment/gateway_*` route (./webhook-action.ts). */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return webhookActionOf(this.gateway_.client, payload)
  }

  // ------------------------------------------------------------------ helpers for the services

  /** `data` once recorded for the payments dashboard (its attempt, the money it moved): see SessionGateway.track. */
  protected async recorded(data: GatewaySessionData): Promise<GatewaySessionData> {
    await this.gateway_.track(data)
    return data
  }

  /** The payment request of a session (without card fields) from what Medusa knows of the cart and shopper. */
  protected paymentRequest(data: GatewaySessionData, extra: StartContext): Record<string, unknown> {
    return buildPaymentRequest({
      options: this.options_,
      order_no: data.order_no,
      amount: data.amount,
      currency: data.currency,
      context: { ...(extra.context ?? {}), browser: extra.browser ?? extra.context?.browser ?? null },
      customer: extra.customer ?? null,
    })
  }

  private async captureAutomatically(data: GatewaySessionData): Promise<GatewaySessionData> {
    try {
      return await capture(this.gateway_, data, null, undefined)
    } catch (err) {
      // The authorisation stands; staff or reconciliation capture it later.
      this.gateway_.logger?.warn(
        `Gateway automatic capture of ${data.order_no} failed: ${String(redact((err as Error).message))}`
      )
      return data
    }
  }

  private requireTransaction(data: GatewaySessionData, action: string): void {
    if (!data.transaction_id) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway ${action}: the payment has no gateway transaction`)
    }
  }

  protected read(data: Record<string, unknown> | undefined): GatewaySessionData {
    const d = readSessionData(data)
    if (!d)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Gateway payment: this payment has no gateway data (was it created by another provider?)"
      )
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
  protected resolve<T>(name: string): T | undefined {
    try {
      return this.cradle_[name] as T | undefined
    } catch {
      return undefined
    }
  }
}

/** A new payment attempt on the session: its id, under which the dashboard records it (src/domain/payment-attempts.ts). */
export const newAttempt = (data: GatewaySessionData): GatewaySessionData => ({
  ...data,
  attempt_id: generateEntityId(undefined, "gwatt"),
})

/** The transaction ids an attempt on this session replaces: earlier ones plus the current one, if any. */
export function supersede(data: GatewaySessionData): string[] {
  const ids = [...data.superseded_transaction_ids]
  if (data.transaction_id && !ids.includes(data.transaction_id)) ids.push(data.transaction_id)
  return ids.slice(-20)
}
