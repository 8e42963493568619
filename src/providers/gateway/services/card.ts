/**
 * Direct card payment (`/v1/authorise`): the session waits for the storefront to post the card to the plugin's
 * store route, which hands it to `updatePayment`; the card goes to the gateway at once and only the masked card,
 * the transaction and the result are kept.
 *
 * Saved cards: a logged-in customer's card is tokenised (`token_flag` YES) when they ask to save it, and the
 * token is kept by the plugin's module once the payment is authorised; a later payment sends the token with
 * `card` empty. Medusa's account holder for a customer is ours (the gateway has no customer object): its
 * external id is the customer's id, and its payment methods are the customer's saved cards.
 */
import type {
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeleteAccountHolderOutput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  PaymentSessionStatus,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
} from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { AuthoriseResult } from "../../../lib/gateway"
import { GatewayOutcomeUnknownError, GatewayValidationError, redact } from "../../../lib/gateway"
import {
  cardBrand,
  CardSubmission,
  describeFailure,
  emptySessionData,
  gatewayIdentifier,
  GatewaySessionData,
  holdsMoney,
  isPaidState,
  last4Of,
  markGatewayRefused,
  OrderContext,
  SAVED_CARDS_NEED_MODULE,
  SUBSCRIPTIONS_NEED_MODULE,
  SavedCardStore,
  SessionSavedCard,
  SHOPPER_DECLINES,
  shopperCategoryOf,
  sessionSubscriptionOf,
  subscriptionLineOf,
  subscriptionRequest,
  SubscriptionStore,
  toMedusaError,
  TypedCard,
  waitsForCard,
} from "../../../domain"
import { GatewayBase, newAttempt, StartContext, supersede } from "../core/gateway-base"

export class GatewayCardService extends GatewayBase {
  static identifier = gatewayIdentifier("card")
  protected readonly method = "card" as const
  /** No card posted yet: the cart waits. */
  protected readonly notFoundStatus: PaymentSessionStatus = "pending"

  protected async start(data: GatewaySessionData, _extra: StartContext): Promise<GatewaySessionData> {
    return data
  }

  protected awaitsInput(data: GatewaySessionData): boolean {
    return waitsForCard(data)
  }

  protected async authoriseCard(
    data: GatewaySessionData,
    card: CardSubmission,
    context: OrderContext
  ): Promise<GatewaySessionData> {
    if (holdsMoney(data.gateway_state)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Gateway card payment: this payment session is already authorised"
      )
    }
    const saveFor = "number" in card ? (card.save_for ?? null) : null
    if (saveFor && !this.savedCards()) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, SAVED_CARDS_NEED_MODULE)
    if (data.outcome_unknown || data.gateway_state === "pending") {
      // An earlier attempt may still complete: settle it first rather than charge twice.
      const settled = await this.gateway_.confirm(data)
      if (settled.gateway_state && !["failed", "canceled", "not_found"].includes(settled.gateway_state)) return settled
      data = settled
    }
    // A card an earlier attempt was to save goes with that attempt.
    if (data.saved_card?.use === "save") await this.savedCards()?.discardPendingCard(data.order_no)
    const request = this.paymentRequest(data, { context })
    const line = subscriptionLineOf(context.items)
    const subscription = line ? sessionSubscriptionOf(line, data.currency, context) : null
    // Refused before anything is paid: a contract the store could not record would be sold and never shown.
    if (subscription && !this.resolve<SubscriptionStore>("gateway"))
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, SUBSCRIPTIONS_NEED_MODULE)
    if (subscription) request.subscription = subscriptionRequest(subscription)
    const names = ("number" in card ? (card.holder_name ?? "") : "").trim().split(/\s+/)
    if (names.length > 1 && !context.billing_address) {
      request.first_name = names.slice(0, -1).join(" ").slice(0, 100)
      request.last_name = names[names.length - 1]!.slice(0, 100)
    }
    // A new attempt: the earlier one's records and notifications no longer apply to this session.
    const fresh: GatewaySessionData = newAttempt({
      ...emptySessionData(data.order_no, "card", data.amount, data.currency),
      superseded_transaction_ids: supersede(data),
      saved_card: savedCardOf(card, saveFor),
      subscription,
    })
    try {
      const res = await this.gateway_.client.call<AuthoriseResult>("authorise", {
        ...request,
        open3d: this.options_.three_ds ?? "do3DS",
        ...wireCard(card, saveFor),
      })
      const answered = this.gateway_.fromAnswer(fresh, res)
      const next =
        subscription && res.recurring_id
          ? { ...answered, subscription: { ...subscription, recurring_id: res.recurring_id } }
          : answered
      this.gateway_.logger?.info(`Gateway card payment ${data.order_no}: ${next.gateway_state} (${res.result_info})`)
      if (next.gateway_state === "failed") await this.gateway_.keepDecline(next, this.gateway_.declineOf(res))
      return saveFor && "number" in card ? await this.keepToken(next, res, card, saveFor) : next
    } catch (err) {
      if (err instanceof GatewayOutcomeUnknownError) {
        // Without the answer there is no token: nothing is saved (the order query does not return tokens).
        this.gateway_.logger?.warn(
          `Gateway card payment ${data.order_no}: outcome unknown; it will be confirmed with the order query`
        )
        return { ...fresh, outcome_unknown: true, gateway_state: "unknown" }
      }
      throw await this.refusal(fresh, "number" in card ? cardBrand(card.number) : card.brand, err)
    }
  }

  /**
   * A card payment the gateway refused with an error, or that could not be sent: the shopper gets a category
   * (shopper-decline.ts), staff the gateway's code and message (log, plugin module). Our own validation errors
   * name a field the shopper sent and pass as they are.
   */
  private async refusal(attempt: GatewaySessionData, brand: string | null, err: unknown): Promise<MedusaError> {
    if (err instanceof GatewayValidationError || err instanceof MedusaError)
      return toMedusaError(err, "Gateway card payment")
    const f = describeFailure(err, "card payment")
    await this.gateway_.keepDecline(
      { ...attempt, gateway_state: "failed" },
      { code: f.code, message: f.message },
      { card_brand: brand }
    )
    const category = shopperCategoryOf(err)
    const type = {
      check_card_details: MedusaError.Types.INVALID_DATA,
      declined: MedusaError.Types.NOT_ALLOWED,
      try_again_later: MedusaError.Types.UNEXPECTED_STATE,
    }[category]
    return markGatewayRefused(new MedusaError(type, SHOPPER_DECLINES[category], category), err)
  }

  /** A card to save whose payment was not declined: its token is kept, pending until the payment is authorised. */
  private async keepToken(
    data: GatewaySessionData,
    res: AuthoriseResult,
    card: TypedCard,
    customerId: string
  ): Promise<GatewaySessionData> {
    if (!res.token_id || data.gateway_state === "failed" || data.discrepancy) return data
    try {
      const id = await this.savedCards()!.keepTokenisedCard({
        customer_id: customerId,
        order_no: data.order_no,
        token: res.token_id,
        brand: cardBrand(card.number),
        last4: last4Of(card.number),
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      })
      const kept = { ...data, saved_card: { ...data.saved_card!, id } }
      await this.settleSavedCard(kept)
      return kept
    } catch (err) {
      // The payment stands; only the saving failed.
      this.gateway_.logger?.warn(
        `Gateway card payment ${data.order_no}: the card could not be saved: ${String(redact((err as Error).message))}`
      )
      return data
    }
  }

  protected async settle(data: GatewaySessionData): Promise<void> {
    await this.settleSavedCard(data)
    await this.settleSubscription(data)
  }

  /** The subscription the payment sold is recorded once the payment is authorised. */
  private async settleSubscription(data: GatewaySessionData): Promise<void> {
    if (!data.subscription?.recurring_id || !isPaidState(data.gateway_state)) return
    await this.resolve<SubscriptionStore>("gateway")?.recordSubscription({
      order_no: data.order_no,
      transaction_id: data.transaction_id,
      currency: data.currency,
      subscription: data.subscription,
    })
  }

  /** A card the payment was to save is kept once it is authorised, dropped when it failed. */
  private async settleSavedCard(data: GatewaySessionData): Promise<void> {
    const store = this.savedCards()
    if (data.saved_card?.use !== "save" || !data.saved_card.id || !store) return
    if (isPaidState(data.gateway_state)) await store.confirmSavedCard(data.order_no)
    else if (data.gateway_state === "failed" || data.gateway_state === "canceled")
      await store.discardPendingCard(data.order_no)
  }

  // ------------------------------------------------------------------ account holder and payment methods

  async createAccountHolder({ context }: CreateAccountHolderInput): Promise<CreateAccountHolderOutput> {
    return { id: context.customer.id, data: { customer_id: context.customer.id } }
  }

  async retrieveAccountHolder({ id }: RetrieveAccountHolderInput): Promise<RetrieveAccountHolderOutput> {
    return { id, data: { customer_id: id } }
  }

  async updateAccountHolder({ context }: UpdateAccountHolderInput): Promise<UpdateAccountHolderOutput> {
    return { data: { customer_id: customerOf(context.account_holder.data) ?? context.customer?.id ?? null } }
  }

  /** The customer's saved cards go with their account holder. */
  async deleteAccountHolder({ context }: DeleteAccountHolderInput): Promise<DeleteAccountHolderOutput> {
    const customerId = customerOf(context.account_holder.data) ?? context.account_holder.external_id ?? null
    const store = this.savedCards()
    if (customerId && store) {
      for (const card of await store.listSavedCards(customerId)) await store.deleteSavedCard(card.id, customerId)
    }
    return {}
  }

  /** The customer's saved cards (never their tokens); none when the plugin's module is out of reach. */
  async listPaymentMethods({ context }: ListPaymentMethodsInput): Promise<ListPaymentMethodsOutput> {
    const customerId = customerOf(context?.account_holder?.data)
    const store = this.savedCards()
    if (!customerId || !store) return []
    return (await store.listSavedCards(customerId)).map((card) => ({ id: card.id, data: { ...card } }))
  }

  /** The gateway tokenises a card only with a payment: a card is saved by paying with `save_card: true`. */
  async savePaymentMethod(): Promise<SavePaymentMethodOutput> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Gateway cards are saved with a payment: post the card to /store/gateway/payment-sessions/:id/card with save_card: true"
    )
  }

  async deletePaymentMethod({ data, context }: DeletePaymentMethodInput): Promise<DeletePaymentMethodOutput> {
    const store = this.savedCards()
    if (!store) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, SAVED_CARDS_NEED_MODULE)
    // An account holder without a customer id names no owner: nothing is deleted (fail closed).
    await store.deleteSavedCard(data.id, customerOf(context?.account_holder?.data) ?? "")
    return {}
  }

  /** The plugin module's saved cards, when the payment module depends on it (see SAVED_CARDS_NEED_MODULE). */
  private savedCards(): SavedCardStore | undefined {
    return this.resolve<SavedCardStore>("gateway")
  }
}

/** The card fields on the wire: the card itself (tokenised when saving), or a saved card's token with `card` empty. */
function wireCard(card: CardSubmission, saveFor: string | null): Record<string, string> {
  if ("token" in card)
    return { card: "", token_id: card.token, ...(card.security_code ? { security_code: card.security_code } : {}) }
  return {
    card: card.number,
    expiration_month: card.exp_month,
    expiration_year: card.exp_year,
    security_code: card.cvv,
    ...(saveFor ? { token_flag: "YES" } : {}),
  }
}

function savedCardOf(card: CardSubmission, saveFor: string | null): SessionSavedCard | null {
  if ("token" in card) return { use: "pay", id: card.saved_card_id, brand: card.brand, last4: card.last4 }
  return saveFor ? { use: "save", id: null, brand: cardBrand(card.number), last4: last4Of(card.number) } : null
}

const customerOf = (data: Record<string, unknown> | undefined | null): string | null =>
  typeof data?.customer_id === "string" && data.customer_id ? data.customer_id : null
