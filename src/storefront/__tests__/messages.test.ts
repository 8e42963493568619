import { validateCardForm } from "../card-input.js"
import {
  declineText,
  failedCallText,
  format,
  GATEWAY_MESSAGES,
  messagesDe,
  messagesEn,
  resolveMessages,
} from "../messages.js"
import { SHOPPER_DECLINES } from "../../domain/shopper-decline"

describe("shopper texts", () => {
  it("every shipped language has every text the English set has", () => {
    const keys = (o: object) => Object.keys(o).sort()
    expect(keys(messagesDe)).toEqual(keys(messagesEn))
    expect(keys(messagesDe.declineReasons)).toEqual(keys(messagesEn.declineReasons))
    for (const [key, text] of Object.entries(messagesDe))
      if (typeof text === "string") expect([key, text.trim().length > 0]).toEqual([key, true])
  })

  it("picks a set by language, falling back to English, and lays a few keys over English", () => {
    expect(resolveMessages("de").pay).toBe("Bezahlen")
    expect(resolveMessages("de-AT").pay).toBe("Bezahlen")
    expect(resolveMessages("fr").pay).toBe("Pay")
    const mixed = resolveMessages({ pay: "Place order", declineReasons: { declined: "No." } as never })
    expect(mixed.pay).toBe("Place order")
    expect(mixed.cardNumber).toBe("Card number")
    expect(mixed.declineReasons.declined).toBe("No.")
    expect(mixed.declineReasons.try_again_later).toBe(messagesEn.declineReasons.try_again_later)
  })

  it("tells a decline by its category in the shopper's language, never by a gateway reason", () => {
    expect(declineText({ code: "check_card_details", message: "x" }, messagesDe)).toBe(
      messagesDe.declineReasons.check_card_details
    )
    expect(declineText({ code: "declined", message: "Do not honour (05)" })).toBe(messagesEn.declineReasons.declined)
    // No category (a failed 3-D Secure reported without a reason): "not approved".
    expect(declineText({ code: "", message: "anything" }, messagesDe)).toBe(messagesDe.declineReasons.not_approved)
    expect(declineText(null)).toBe(messagesEn.declineReasons.not_approved)
    // A category this kit does not know yet: the plugin's own shopper text.
    expect(declineText({ code: "new_category", message: "Use another card." })).toBe("Use another card.")
    expect(format(messagesDe.declined, { reason: "R" })).toBe("Zahlung abgelehnt: R")
  })

  it("validates the card form in the shopper's language", () => {
    const result = validateCardForm(
      { number: "4242424242424241", expiry: "13/40", cvv: "12" },
      new Date(Date.UTC(2026, 4, 15)),
      messagesDe
    )
    expect(result.errors).toEqual({
      number: messagesDe.numberInvalid,
      expiry: messagesDe.expiryFormat,
      cvv: "Die Prüfnummer hat 3 Ziffern.",
    })
  })

  it("says a failed store call in the shopper's language, never the server's English", () => {
    const failed = (status: number, message: string) => Object.assign(new Error(message), { status })
    expect(
      failedCallText(failed(429, "Too many attempts with this card: at most 10 in 3600 seconds."), messagesDe)
    ).toBe(messagesDe.tooManyAttempts)
    expect(failedCallText(failed(400, SHOPPER_DECLINES.check_card_details), messagesDe)).toBe(
      format(messagesDe.declined, { reason: messagesDe.declineReasons.check_card_details })
    )
    expect(failedCallText(failed(500, "An unknown error occurred."), messagesDe)).toBe(messagesDe.sendFailed)
    expect(failedCallText(new TypeError("fetch failed"))).toBe(messagesEn.sendFailed)
  })

  it("knows the plugin's shopper texts word for word (the server's refusals are told by them)", () => {
    for (const [code, text] of Object.entries(SHOPPER_DECLINES))
      expect([code, messagesEn.declineReasons[code as keyof typeof SHOPPER_DECLINES]]).toEqual([code, text])
  })
})

describe("the return page's total", () => {
  it("never says the order was paid, in any language: its payment may be held for the gateway's review", () => {
    for (const [language, m] of Object.entries(GATEWAY_MESSAGES)) {
      expect({ language, text: m.orderTotal }).not.toEqual({ language, text: expect.stringMatching(/paid|bezahlt/i) })
      expect(format(m.orderTotal, { amount: "25,00 €" })).toContain("25,00 €")
    }
  })
})
