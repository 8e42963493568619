/**
 * Every text the kit shows a shopper, in one place: English (the default) and German ship; a store passes
 * `messages` (a whole set, or a few keys over English) to any component. A decline is shown from its category
 * (`decline.code`, never the gateway's own reason): `declineText` turns it into the shopper's words.
 */

export interface GatewayMessages {
  // card form
  cardNumber: string
  expiry: string
  cvv: string
  holderName: string
  saveCard: string
  pay: string
  paying: string
  numberPlaceholder: string
  expiryPlaceholder: string
  // card form errors (never echoing what was typed)
  numberMissing: string
  numberLength: string
  numberInvalid: string
  expiryMissing: string
  expiryFormat: string
  expired: string
  cvvMissing: string
  /** `{n}`: the digits the brand's code has ("3", "4", or "3 or 4"). */
  cvvLength: string
  cvvAmex: string
  holderTooLong: string
  // saved cards and the one payment control
  savedCardsLegend: string
  savedCardsLoading: string
  newCard: string
  /** `{brand}`, `{last4}`, `{expiry}` */
  savedCardLabel: string
  savedCardExpired: string
  savedCardCode: string
  savedCardCodeOptional: string
  removeCard: string
  /** `{brand}`, `{last4}` */
  removeCardLabel: string
  // outcomes
  /** `{reason}`: the decline in shopper words. */
  declined: string
  declineReasons: Record<
    "declined" | "check_card_details" | "try_again_later" | "not_approved" | "not_completed",
    string
  >
  issuerUnavailable: string
  sendFailed: string
  /** The store refused the post: too many card attempts (HTTP 429). */
  tooManyAttempts: string
  hostedUnavailable: string
  hostedTitle: string
  // the return page
  /** The return page's heading. */
  returnTitle: string
  /** `{amount}`: what the order came to, e.g. "25.00 EUR". Never "paid": the payment may be held for review. */
  orderTotal: string
  confirming: string
  /** `{order}`: "#1001" or the order id */
  orderConfirmed: string
  stillProcessing: string
  checkAgain: string
  payAgain: string
  noCart: string
  // the order confirmation
  /** The order is placed, its payment held for the gateway's risk review (`orderPaymentNotice`). */
  paymentUnderReview: string
}

export const messagesEn: GatewayMessages = {
  cardNumber: "Card number",
  expiry: "Expiry date (MM/YY)",
  cvv: "Security code",
  holderName: "Name on card",
  saveCard: "Save this card for next time",
  pay: "Pay",
  paying: "Paying…",
  numberPlaceholder: "1234 1234 1234 1234",
  expiryPlaceholder: "MM/YY",
  numberMissing: "Enter the card number.",
  numberLength: "The card number must be 12 to 19 digits.",
  numberInvalid: "This card number is not valid: check it for a typo.",
  expiryMissing: "Enter the expiry date (MM/YY).",
  expiryFormat: "Enter the expiry date as MM/YY.",
  expired: "This card has expired.",
  cvvMissing: "Enter the security code.",
  cvvLength: "The security code is {n} digits.",
  cvvAmex: "The security code is 4 digits (on the front of the card).",
  holderTooLong: "The name on the card is at most 100 characters.",
  savedCardsLegend: "Pay with",
  savedCardsLoading: "Loading your saved cards…",
  newCard: "A new card",
  savedCardLabel: "{brand} •••• {last4}, expires {expiry}",
  savedCardExpired: "Expired",
  savedCardCode: "Security code",
  savedCardCodeOptional: "Security code (optional)",
  removeCard: "Remove",
  removeCardLabel: "Remove {brand} ending {last4}",
  declined: "Payment declined: {reason}",
  declineReasons: {
    declined: "The card was declined. Use another card or payment method.",
    check_card_details: "The card details were not accepted. Check them and try again.",
    try_again_later: "The payment could not be made just now. Try again later.",
    not_approved: "The payment was not approved by the bank or the payment method.",
    not_completed: "The payment was not completed in time, and nothing is held for it. You can pay again.",
  },
  issuerUnavailable: "Your bank's verification page is not available. Try again or use another payment method.",
  sendFailed: "The payment could not be sent. Try again.",
  tooManyAttempts: "Too many payment attempts. Wait a while, or use another card or payment method.",
  hostedUnavailable: "The payment page is not available. Try again or use another payment method.",
  hostedTitle: "Payment page",
  returnTitle: "Your payment",
  orderTotal: "Total: {amount}",
  confirming: "Confirming your payment…",
  orderConfirmed: "Order {order} confirmed",
  stillProcessing:
    "Your payment is still being processed. This can take a minute; nothing more is charged if you check again.",
  checkAgain: "Check again",
  payAgain: "Pay again",
  noCart: "There is no payment to confirm here. If you paid, your order confirmation is sent by email.",
  paymentUnderReview: "Your order is placed. Its payment is being reviewed and is not confirmed yet.",
}

export const messagesDe: GatewayMessages = {
  cardNumber: "Kartennummer",
  expiry: "Gültig bis (MM/JJ)",
  cvv: "Prüfnummer",
  holderName: "Name auf der Karte",
  saveCard: "Karte für das nächste Mal speichern",
  pay: "Bezahlen",
  paying: "Zahlung läuft…",
  numberPlaceholder: "1234 1234 1234 1234",
  expiryPlaceholder: "MM/JJ",
  numberMissing: "Geben Sie die Kartennummer ein.",
  numberLength: "Die Kartennummer hat 12 bis 19 Ziffern.",
  numberInvalid: "Diese Kartennummer ist ungültig: Prüfen Sie sie auf Tippfehler.",
  expiryMissing: "Geben Sie das Ablaufdatum ein (MM/JJ).",
  expiryFormat: "Geben Sie das Ablaufdatum als MM/JJ ein.",
  expired: "Diese Karte ist abgelaufen.",
  cvvMissing: "Geben Sie die Prüfnummer ein.",
  cvvLength: "Die Prüfnummer hat {n} Ziffern.",
  cvvAmex: "Die Prüfnummer hat 4 Ziffern (auf der Vorderseite der Karte).",
  holderTooLong: "Der Name auf der Karte hat höchstens 100 Zeichen.",
  savedCardsLegend: "Bezahlen mit",
  savedCardsLoading: "Gespeicherte Karten werden geladen…",
  newCard: "Einer neuen Karte",
  savedCardLabel: "{brand} •••• {last4}, gültig bis {expiry}",
  savedCardExpired: "Abgelaufen",
  savedCardCode: "Prüfnummer",
  savedCardCodeOptional: "Prüfnummer (optional)",
  removeCard: "Entfernen",
  removeCardLabel: "{brand} mit Endziffern {last4} entfernen",
  declined: "Zahlung abgelehnt: {reason}",
  declineReasons: {
    declined: "Die Karte wurde abgelehnt. Verwenden Sie eine andere Karte oder Zahlungsart.",
    check_card_details: "Die Kartendaten wurden nicht angenommen. Prüfen Sie sie und versuchen Sie es erneut.",
    try_again_later: "Die Zahlung war gerade nicht möglich. Versuchen Sie es später erneut.",
    not_approved: "Die Bank oder die Zahlungsart hat die Zahlung nicht bestätigt.",
    not_completed:
      "Die Zahlung wurde nicht rechtzeitig abgeschlossen, und es ist nichts dafür reserviert. Sie können erneut bezahlen.",
  },
  issuerUnavailable:
    "Die Bestätigungsseite Ihrer Bank ist nicht erreichbar. Versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.",
  sendFailed: "Die Zahlung konnte nicht gesendet werden. Versuchen Sie es erneut.",
  tooManyAttempts:
    "Zu viele Zahlungsversuche. Warten Sie eine Weile oder verwenden Sie eine andere Karte oder Zahlungsart.",
  hostedUnavailable:
    "Die Zahlungsseite ist nicht erreichbar. Versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.",
  hostedTitle: "Zahlungsseite",
  returnTitle: "Ihre Zahlung",
  orderTotal: "Gesamt: {amount}",
  confirming: "Ihre Zahlung wird bestätigt…",
  orderConfirmed: "Bestellung {order} bestätigt",
  stillProcessing:
    "Ihre Zahlung wird noch bearbeitet. Das kann eine Minute dauern; erneutes Prüfen belastet nichts zusätzlich.",
  checkAgain: "Erneut prüfen",
  payAgain: "Erneut bezahlen",
  noCart:
    "Hier ist keine Zahlung zu bestätigen. Wenn Sie bezahlt haben, erhalten Sie die Bestellbestätigung per E-Mail.",
  paymentUnderReview: "Ihre Bestellung ist aufgegeben. Die Zahlung wird noch geprüft und ist noch nicht bestätigt.",
}

/** The shipped sets by language ("en", "de"); a region subtag ("de-AT") falls back to its language. */
export const GATEWAY_MESSAGES: Record<string, GatewayMessages> = { en: messagesEn, de: messagesDe }

/** A full set from a language code, a whole set, or a few keys over English. */
export function resolveMessages(messages?: string | Partial<GatewayMessages> | null): GatewayMessages {
  if (!messages) return messagesEn
  if (typeof messages === "string") return GATEWAY_MESSAGES[messages.toLowerCase().split(/[-_]/)[0]] ?? messagesEn
  return { ...messagesEn, ...messages, declineReasons: { ...messagesEn.declineReasons, ...messages.declineReasons } }
}

/** Fills `{name}` placeholders. */
export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/**
 * A decline in the shopper's words: the text of its category (`declined`, `check_card_details`,
 * `try_again_later`); without a known category, "not approved". The plugin's own English `message` is only the
 * fallback for a category this kit does not know yet.
 */
export function declineText(
  decline: { code?: string | null; message?: string | null } | null | undefined,
  m: GatewayMessages = messagesEn
): string {
  const code = decline?.code ?? ""
  if (code in m.declineReasons) return m.declineReasons[code as keyof GatewayMessages["declineReasons"]]
  if (code && decline?.message) return decline.message
  return m.declineReasons.not_approved
}

/**
 * What to show for a store call that failed (the card route, a saved card's removal), in the shopper's language,
 * never the server's English: Medusa's js-sdk keeps only the status and the message of an error answer, so a 429
 * (a card-attempt cap) is told by its status, and a refusal the plugin words for shoppers by its English category
 * text (the plugin's SHOPPER_DECLINES, which messagesEn.declineReasons repeats word for word); anything else is
 * "could not be sent".
 */
export function failedCallText(err: unknown, m: GatewayMessages = messagesEn): string {
  if ((err as { status?: unknown } | null)?.status === 429) return m.tooManyAttempts
  const text = err instanceof Error ? err.message : ""
  const reasons = messagesEn.declineReasons
  const category = (Object.keys(reasons) as (keyof typeof reasons)[]).find((k) => reasons[k] === text)
  return category ? format(m.declined, { reason: m.declineReasons[category] }) : m.sendFailed
}
