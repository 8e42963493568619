/**
 * The amount a session authorises is Medusa's total rounded as Medusa rounds it (half-up to the currency's
 * exponent, BigNumber's default): half-even would charge one minor unit less on a total ending in 5.
 */
import { MathBN } from "@medusajs/framework/utils"
import { GatewayCardService } from "../services/card"

const options = {
  base_url: "http://127.0.0.1:9",
  merchant_id: "701001",
  account_id: "701001010",
  sign_key: "k",
  website: "https://shop.example",
  return_url: "https://shop.example/return",
}

const provider = () => new GatewayCardService({}, options as never)

it.each([
  ["usd", 10.125, "10.13"],
  ["usd", 10.135, "10.14"],
  ["jpy", 1500.5, "1501"],
  ["kwd", 1.2345, "1.235"],
])("%s %s is authorised as %s, what Medusa's own rounding gives", async (currency, amount, expected) => {
  const { data } = await provider().initiatePayment({
    amount,
    currency_code: currency,
    data: { session_id: "payses_1" },
    context: {},
  } as never)
  expect(data!.amount).toBe(expected)
  const exponent = { usd: 2, jpy: 0, kwd: 3 }[currency]!
  expect(Number(data!.amount)).toBe(Number(MathBN.convert(amount, exponent).toString()))
})
