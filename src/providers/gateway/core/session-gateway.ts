/**
 * What the provider asks the gateway about one payment session, and how it reads the answers: a payment's
 * direct answer, the order query (never trusting the shopper's return: anything not final is confirmed there,
 * by order_no = session id), and voiding an authorisation that is still open.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  AcquiringClient,
  AuthoriseResult,
  GatewayOutcomeUnknownError,
  redact,
  toMinorUnits,
  TransactionRecord,
} from "../../../lib/gateway"
import {
  amountMismatch,
  cancelEntry,
  describeEntry,
  findSessionTransaction,
  GatewayProviderOptions,
  HandedOrderQuery,
  pickSessionRecord,
  GatewaySessionData,
  GatewayState,
  isCapturedState,
  isDeclaredState,
  DeclineStore,
  GatewayDecline,
  notifyUrl,
  paymentSnapshot,
  PaymentRecordStore,
  REDIRECT_REFUSED,
  RedirectPolicy,
  redirectPolicyOf,
  refusedRedirect,
  sessionStateOf,
  shopperDecline,
  stateOfOutcome,
  stateOfRecord,
  toMedusaError,
} from "../../../domain"

export type ProviderLogger = {
  debug?: (m: string) => void
  info: (m: string) => void
  warn: (m: string) => void
  error: (m: string) => void
}

const toMinor = (a: string, c: string) => toMinorUnits(a, c)

export class SessionGateway {
  /** Where the gateway may send a shopper (redirect-policy.ts). */
  readonly redirects: RedirectPolicy

  constructor(
    readonly client: AcquiringClient,
    readonly options: GatewayProviderOptions,
    readonly logger: ProviderLogger | undefined,
    /**
     * Where the gateway's reasons are kept for staff and the payments are recorded for the dashboard (the
     * plugin's module), when the payment module reaches it.
     */
    private readonly records: () => (DeclineStore & PaymentRecordStore & HandedOrderQuery) | undefined = () => undefined
  ) {
    this.redirects = redirectPolicyOf(options)
  }

  /**
   * Keeps the gateway's own reason for a refused payment (`data`, failed) where only staff see it: the server
   * log, the plugin's module and its attempt's record. Never throws (the payment's outcome stands whatever
   * happens here).
   */
  async keepDecline(
    data: GatewaySessionData,
    decline: GatewayDecline,
    extra: { card_brand?: string | null } = {}
  ): Promise<void> {
    this.logger?.info(String(redact(`Gateway payment ${data.order_no} refused: ${decline.code} ${decline.message}`)))
    try {
      await this.records()?.recordDecline(data.order_no, decline)
    } catch (err) {
      this.logger?.warn(
        `Gateway payment ${data.order_no}: the refusal could not be recorded: ${String(redact((err as Error).message))}`
      )
    }
    await this.track(data, { ...extra, decline })
  }

  /**
   * Records what the session's data shows of its attempt and its money for the payments dashboard
   * (src/domain/payment-attempts.ts), with what the gateway's record adds. Never throws: the dashboard must not
   * stop a payment.
   */
  async track(data: GatewaySessionData, extra: Parameters<typeof paymentSnapshot>[1] = {}): Promise<void> {
    const snapshot = paymentSnapshot(data, extra)
    if (!snapshot.attempt && !snapshot.money.movements.length) return
    try {
      await this.records()?.recordPayment(snapshot)
    } catch (err) {
      this.logger?.warn(
        `Gateway payment ${data.order_no}: the dashboard's record could not be written: ${String(redact((err as Error).message))}`
      )
    }
  }

  /** Why a direct answer's payment failed: the gateway's reason, or ours when the gateway's next address was refused. */
  declineOf(res: AuthoriseResult): GatewayDecline {
    if (stateOfOutcome(res.outcome) !== "failed") return { ...REDIRECT_REFUSED }
    return { code: res.result?.code ?? "", message: res.result?.message ?? res.result_info }
  }

  /** The session after a payment's direct answer (card or APM): state, redirect, decline, amount check. */
  fromAnswer(data: GatewaySessionData, res: AuthoriseResult): GatewaySessionData {
    const state = stateOfOutcome(res.outcome)
    const answered: GatewaySessionData = {
      ...data,
      transaction_id: res.transaction_id || null,
      gateway_state: state,
      card_mask: res.card || data.card_mask,
      threeds_result: res.threeds_result || null,
      issuer_url: null,
      redirect: null,
      decline: state === "failed" ? shopperDecline("declined") : null,
      outcome_unknown: false,
      discrepancy: amountMismatch(res, data, toMinor),
    }
    const issuerUrl = state === "pending" ? res.issuer_url || null : null
    if (!issuerUrl) return answered
    // Never stored where the shopper could be sent: the transaction stays pending at the gateway, which the
    // shopper cannot complete, and the session fails for Medusa (status error).
    if (this.refusedRedirect(data.order_no, issuerUrl, "issuer_url")) return this.redirectRefused(answered)
    return { ...answered, issuer_url: issuerUrl, redirect: this.redirectTo(issuerUrl) }
  }

  /** Whether the gateway's `url` (its `field`) is refused by the redirect policy; the reason is logged as an error. */
  refusedRedirect(orderNo: string, url: string, field: string): boolean {
    const why = refusedRedirect(url, field, this.redirects)
    if (why) this.logger?.error(`Gateway payment ${orderNo}: ${why}; not stored, and the payment cannot go on`)
    return why !== null
  }

  /** A session whose next address was refused: failed, with nowhere to send the shopper. */
  redirectRefused(data: GatewaySessionData): GatewaySessionData {
    return {
      ...data,
      gateway_state: "failed",
      issuer_url: null,
      redirect: null,
      hosted: null,
      decline: shopperDecline("declined"),
    }
  }

  /** The documented 3-D Secure / APM hand-off: POST return_url and notify_url to the issuer's page. */
  redirectTo(url: string): GatewaySessionData["redirect"] {
    const fields: Record<string, string> = {}
    if (this.options.return_url) fields.return_url = this.options.return_url
    const notify = notifyUrl(this.options)
    if (notify) fields.notify_url = notify
    return { url, method: "POST", fields }
  }

  /**
   * Asks the gateway for the session's current transaction and records what it says (in the session's data, and
   * for the dashboard). Never throws for a query failure.
   */
  async confirm(data: GatewaySessionData, { handed = false }: { handed?: boolean } = {}): Promise<GatewaySessionData> {
    const record = await this.findRecord(data, handed)
    if (record === undefined) return data // query failed: keep what we know
    if (record === null) {
      if (!data.outcome_unknown) return data
      // The request never reached the gateway: the attempt failed.
      const failed: GatewaySessionData = {
        ...data,
        outcome_unknown: false,
        gateway_state: "failed",
        decline: shopperDecline("try_again_later"),
      }
      await this.track(failed)
      return failed
    }
    const discrepancy = amountMismatch(record, data, toMinor)
    if (discrepancy) {
      this.logger?.warn(`Gateway payment ${data.order_no}: ${discrepancy}; not authorised`)
      return {
        ...data,
        transaction_id: record.transaction_id || data.transaction_id,
        discrepancy,
        outcome_unknown: false,
      }
    }
    // A captured reading of a payment we never captured is only "paid" unless the store declared it (status.ts).
    const { state } = sessionStateOf(record, data, this.options.payment_status_codes)
    const confirmed: GatewaySessionData = {
      ...data,
      transaction_id: record.transaction_id || data.transaction_id,
      gateway_state: state,
      issuer_url: state === "pending" ? data.issuer_url : null,
      redirect: state === "pending" ? data.redirect : null,
      decline: state === "failed" ? (data.decline ?? shopperDecline("declined")) : null,
      outcome_unknown: state === "unknown",
    }
    await this.track(confirmed, { is3ds: record.is3ds })
    return confirmed
  }

  /**
   * The session's current transaction record; null when the gateway has none; undefined when the query failed.
   * `handed`: the authorisation's read, which takes the complete-cart check's answer of a moment ago when there is
   * one (domain/handed-order-queries.ts) instead of asking again.
   */
  async findRecord(data: GatewaySessionData, handed = false): Promise<TransactionRecord | null | undefined> {
    const records = handed ? this.takeHanded(data.order_no) : null
    const fromHanded = records
      ? pickSessionRecord(records, data.order_no, data.transaction_id, data.superseded_transaction_ids)
      : null
    // A handed answer holds only what it read: it can name the attempt, never prove there is none. An earlier check
    // whose completion Medusa refused before authorising leaves one that predates a card posted since (its answer
    // lost): "no record" from it would fail an attempt the gateway has made. So no record is always asked again.
    if (fromHanded) return fromHanded
    try {
      return await findSessionTransaction(
        this.client,
        data.order_no,
        data.transaction_id,
        data.superseded_transaction_ids
      )
    } catch (err) {
      this.logger?.warn(`Gateway order query for ${data.order_no} failed: ${String(redact((err as Error).message))}`)
      return undefined
    }
  }

  private takeHanded(orderNo: string): readonly TransactionRecord[] | null {
    try {
      return this.records()?.takeHandedOrderQuery?.(orderNo) ?? null
    } catch {
      return null // no module to ask: the provider asks the gateway itself
    }
  }

  /** Whether the store declared (payment_status_codes) which codes mean `state`: a reading of it is then the store's word. */
  declares(state: GatewayState): boolean {
    return isDeclaredState(state, this.options.payment_status_codes)
  }

  /** What the gateway's record of the session reads as (not_found when it has none, null when the query failed). */
  async queryState(data: GatewaySessionData): Promise<GatewayState | null> {
    const record = await this.findRecord(data)
    return record ? stateOfRecord(record) : record === null ? "not_found" : null
  }

  /** Voids an authorisation that is still open; anything else is left as it is. */
  async voidIfOpen(data: GatewaySessionData): Promise<GatewaySessionData> {
    if (!data.transaction_id || !["authorized", "review", "unknown"].includes(data.gateway_state ?? "")) return data
    try {
      const res = await this.client.cancel({ cancel_orders: [cancelEntry(data)] })
      const entry = res.cancel_orders.find((e) => e.transaction_id === data.transaction_id) ?? res.cancel_orders[0]
      if (!entry || entry.outcome === "unknown") {
        throw new GatewayOutcomeUnknownError(
          "cancel",
          entry ? `cancel_status "${entry.cancel_status}"` : "no entry for the transaction"
        )
      }
      if (entry.outcome === "done") return { ...data, gateway_state: "canceled", outcome_unknown: false }
      const state = await this.queryState(data)
      if (state === "canceled" || state === "failed") return { ...data, gateway_state: state, outcome_unknown: false }
      const why = describeEntry(entry.result, entry.error_message)
      if (isCapturedState(state)) {
        // Captured at the gateway (automatic capture, its portal): the money is taken; never record it as voided.
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Gateway cancel refused: ${why}; the gateway reports the payment ${state}, so it cannot be voided: capture it in Medusa (booked as captured by the gateway), then refund it`
        )
      }
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway cancel refused: ${why}`)
    } catch (err) {
      if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway cancel")
      const state = await this.queryState(data)
      if (state === "canceled") return { ...data, gateway_state: "canceled", outcome_unknown: false }
      if (state === "authorized" || state === "review") {
        throw new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          "Gateway cancel: the gateway did not answer and the payment is still open; try again"
        )
      }
      this.logger?.warn(`Gateway cancel of ${data.order_no}: outcome unknown; left for reconciliation`)
      return { ...data, outcome_unknown: true }
    }
  }
}
