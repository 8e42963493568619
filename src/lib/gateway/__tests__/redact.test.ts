import { luhnValid, maskPan, maskPansInText, redact, REDACTED } from "../redact"

describe("redact", () => {
  it("leaves out a __proto__ key of outside input: the copy keeps its prototype and inherits nothing", () => {
    // What a JSON body parser makes of {"__proto__": ...}: an own key of that name.
    const body = JSON.parse(
      '{"__proto__": {"card": "4242424242424242", "order_no": "forged"}, "notify_type": "PAYMENT"}'
    )
    expect(Object.keys(body)).toContain("__proto__")
    const out = redact(body) as Record<string, unknown>
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(out.order_no).toBeUndefined()
    expect(out.card).toBeUndefined()
    expect(out).toEqual({ notify_type: "PAYMENT" })
  })

  it("masks a Luhn-valid card number in text, keeping the last 4", () => {
    expect(redact("card 4242424242424242 ok")).toBe("card ************4242 ok")
    expect(redact("4242 4242 4242 4242")).toBe("**** **** **** 4242")
    expect(redact("4242-4242-4242-4242")).toBe("****-****-****-4242")
    expect(redact("amex 378282246310005.")).toBe("amex ***********0005.")
  })

  it("masks a card number followed by other numbers", () => {
    expect(redact("4242 4242 4242 4242 12 2030")).toBe("**** **** **** 4242 12 2030")
  })

  it("leaves short numbers and Luhn-invalid runs alone", () => {
    expect(redact("order 12345 amount 10.36")).toBe("order 12345 amount 10.36")
    expect(redact("4242424242424241")).toBe("4242424242424241")
    expect(luhnValid("4242424242424241")).toBe(false)
  })

  it("masks fields named like a card number whatever they hold", () => {
    const out = redact({
      card: "4242424242424241",
      card_number: "5555555555554444",
      cardNumber: 4000000000000002,
    }) as Record<string, unknown>
    expect(out.card).toBe("************4241")
    expect(out.card_number).toBe("************4444")
    expect(out.cardNumber).toBe("************0002")
  })

  it("removes CVV, keys, signatures and encryption_data from objects, nested and in arrays", () => {
    const input = {
      cvv: "123",
      security_code: "1234",
      cardCvc: "5678",
      expiration_month: "12",
      expiration_year: "2030",
      cvc: 999,
      sign: "ABCDEF",
      encryption_data: "abc123",
      signKey: "Sk_test",
      apiKey: "Ak_test",
      api_key: "x",
      nested: { list: [{ security_code: "321", card: "4242424242424242", note: "hello" }], deeper: { sign_key: "s" } },
      amount: "10.36",
    }
    const out = redact(input) as typeof input
    expect(out.cvv).toBe(REDACTED)
    expect(out.security_code).toBe(REDACTED)
    expect(out.cardCvc).toBe(REDACTED)
    expect(out.expiration_month).toBe(REDACTED)
    expect(out.expiration_year).toBe(REDACTED)
    expect(out.cvc).toBe(REDACTED)
    expect(out.sign).toBe(REDACTED)
    expect(out.encryption_data).toBe(REDACTED)
    expect(out.signKey).toBe(REDACTED)
    expect(out.apiKey).toBe(REDACTED)
    expect(out.api_key).toBe(REDACTED)
    expect(out.nested.list[0]!.security_code).toBe(REDACTED)
    expect(out.nested.list[0]!.card).toBe("************4242")
    expect(out.nested.list[0]!.note).toBe("hello")
    expect(out.nested.deeper.sign_key).toBe(REDACTED)
    expect(out.amount).toBe("10.36")
    const text = JSON.stringify(out)
    for (const secret of [
      '123"',
      "1234",
      "5678",
      "2030",
      "ABCDEF",
      "abc123",
      "Sk_test",
      "Ak_test",
      "4242424242424242",
    ]) {
      expect(text).not.toContain(secret)
    }
  })

  it("does not mutate its input", () => {
    const input = { card: "4242424242424242", inner: { cvv: "123" }, list: ["4242424242424242"] }
    const copy = JSON.parse(JSON.stringify(input))
    redact(input)
    expect(input).toEqual(copy)
  })

  it("redacts JSON, form and XML text", () => {
    const json = JSON.stringify({
      card: "4242424242424242",
      security_code: "123",
      expiration_year: "2031",
      encryption_data: "deadbeef",
      sign: "ABC",
      amount: "1.00",
    })
    const outJson = redact(json)
    expect(outJson).not.toContain('123"')
    expect(outJson).not.toContain("deadbeef")
    expect(outJson).not.toContain('"ABC"')
    expect(outJson).toContain("************4242")
    expect(outJson).not.toContain("2031")
    expect(JSON.parse(outJson)).toMatchObject({ security_code: REDACTED, expiration_year: REDACTED, amount: "1.00" })

    const form =
      "merchant_id=701001&card=4242424242424242&security_code=123&cardCvv=456&encryption_data=deadbeef&sign=ABC"
    const outForm = redact(form)
    expect(outForm).toBe(
      `merchant_id=701001&card=************4242&security_code=${REDACTED}&cardCvv=${REDACTED}&encryption_data=${REDACTED}&sign=${REDACTED}`
    )

    const xml = "<respon><card>424242******4242</card><encryption_data>abc</encryption_data><cvv>123</cvv></respon>"
    const outXml = redact(xml)
    expect(outXml).toBe(
      `<respon><card>******4242</card><encryption_data>${REDACTED}</encryption_data><cvv>${REDACTED}</cvv></respon>`
    )
  })

  it("removes literal secrets given in options", () => {
    expect(redact("key=MySecretKey123 in text", { secrets: ["MySecretKey123"] })).toBe(`key=${REDACTED} in text`)
    expect(redact({ msg: "x MySecretKey123 y" }, { secrets: ["MySecretKey123"] })).toEqual({ msg: `x ${REDACTED} y` })
  })

  it("handles errors, circular references, dates and primitives", () => {
    const err = new Error("failed for 4242424242424242") as Error & { cvv?: string }
    err.cvv = "123"
    const out = redact(err) as Record<string, unknown>
    expect(out.message).toBe("failed for ************4242")
    expect(out.cvv).toBe(REDACTED)
    const a: Record<string, unknown> = { name: "a" }
    a.self = a
    expect(redact(a)).toEqual({ name: "a", self: "[Circular]" })
    expect(redact(null)).toBeNull()
    expect(redact(42)).toBe(42)
    expect(redact(4242424242424242)).toBe("************4242")
    const shared = { x: 1 }
    expect(redact({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } })
  })

  it("masks the hidden signInfo input of a hosted page", () => {
    const html = '<input type="hidden" name="signInfo" value="abcdef0123">'
    expect(redact(html)).not.toContain("abcdef0123")
  })
})

describe("maskPan", () => {
  it("keeps BIN and last 4 for storage", () => {
    expect(maskPan("4242424242424242")).toBe("424242******4242")
    expect(maskPan("4242 4242 4242 4242")).toBe("424242******4242")
    expect(maskPan("378282246310005")).toBe("378282*****0005")
  })
  it("or only the last 4", () => {
    expect(maskPan("4242424242424242", "last4")).toBe("**** 4242")
    expect(maskPan("12")).toBe("****")
  })
  it("maskPansInText leaves text without numbers unchanged", () => {
    expect(maskPansInText("no numbers here")).toBe("no numbers here")
  })
})

describe("redact: stored-card tokens", () => {
  it("removes token_id from objects and from JSON, form and XML text (a token pays without the card)", () => {
    expect(redact({ token_id: "TK123456789ABCDEF", token_flag: "YES" })).toEqual({
      token_id: REDACTED,
      token_flag: "YES",
    })
    expect(redact('{"token_id":"TK123456789ABCDEF","card":""}')).toBe(`{"token_id":"${REDACTED}","card":""}`)
    expect(redact("card=&token_id=TK123456789ABCDEF&amount=1.00")).toBe(`card=&token_id=${REDACTED}&amount=1.00`)
    expect(redact("<respon><token_id>TK123456789ABCDEF</token_id><connector>X</connector></respon>")).toBe(
      `<respon><token_id>${REDACTED}</token_id><connector>X</connector></respon>`
    )
  })
})

describe("redact: every spelling of a sensitive name (M4-1, L4-2)", () => {
  const SECRET = "7391"
  const spellings = [
    "securityCode",
    "SECURITY-CODE",
    "security-code",
    "tokenId",
    "TokenID",
    "cardCvv",
    "cvn",
    "csc",
    "exp_month",
    "exp_year",
    "expireMonth",
    "expireYear",
    "expiry_month",
    "expiryDate",
    "expirationMonth",
    "account_number",
    "accountNumber",
    "iban",
    "IBAN",
    "x-api-key",
    "clientSecret",
    "accessToken",
  ]

  it.each(spellings)("%s is removed from objects and from JSON, form and XML text", (name) => {
    expect(redact({ [name]: SECRET, amount: "1.00" })).toEqual({ [name]: REDACTED, amount: "1.00" })
    expect(redact(JSON.stringify({ [name]: SECRET, amount: "1.00" }))).not.toContain(SECRET)
    expect(redact(`amount=1.00&${name}=${SECRET}`)).toBe(`amount=1.00&${name}=${REDACTED}`)
    expect(redact(`<respon><${name}>${SECRET}</${name}></respon>`)).toBe(
      `<respon><${name}>${REDACTED}</${name}></respon>`
    )
  })

  it("a card number under a renamed field is masked even when it fails Luhn", () => {
    for (const name of ["cardNo", "CardNumber", "card-number", "PAN"]) {
      expect(redact({ [name]: "4242424242424241" })).toEqual({ [name]: "************4241" })
      expect(redact(`{"${name}":"4242424242424241"}`)).toBe(`{"${name}":"************4241"}`)
    }
  })

  it("names given in options (the gateway's names of our fields) are redacted too", () => {
    const opts = { secretFields: ["cvn2x", "tk"], panFields: ["number"] }
    expect(redact({ cvn2x: "123", tk: "TOKEN1", number: "4242424242424241", amount: "1.00" }, opts)).toEqual({
      cvn2x: REDACTED,
      tk: REDACTED,
      number: "************4241",
      amount: "1.00",
    })
    const text = redact('{"cvn2x":"123","tk":"TOKEN1","number":"4242424242424241","amount":"1.00"}', opts)
    expect(text).toBe(`{"cvn2x":"${REDACTED}","tk":"${REDACTED}","number":"************4241","amount":"1.00"}`)
    // without them, those names mean nothing to redaction
    expect(redact({ cvn2x: "123" })).toEqual({ cvn2x: "123" })
  })

  it("ordinary fields keep their values", () => {
    const kept = {
      amount: "10.36",
      token_flag: "YES",
      expires_at: "2030-01-01",
      order_no: "o1",
      exp: "1",
      signed: "x",
      cardholder: "Ada",
    }
    expect(redact(kept)).toEqual(kept)
    expect(redact(JSON.stringify(kept))).toBe(JSON.stringify(kept))
  })
})
