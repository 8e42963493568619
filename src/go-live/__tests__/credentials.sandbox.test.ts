/**
 * The credential probes of the go-live check against the sandbox over a real socket: the same read-only calls
 * the check sends (an order query and a cardholder query for records that do not exist), with one wrong value
 * at a time; the verdict names the wrong option and never holds a key.
 */
import { createAcquiringClient, createIssuingClient } from "../../lib/gateway"
import { acquiringProbeVerdict, issuingProbeVerdict } from "../credentials"
import { API_KEY, SIGN_KEY, Sandbox, start } from "../../lib/gateway/__tests__/helpers/sandbox"

let sb: Sandbox
beforeAll(async () => {
  sb = await start()
})
afterAll(async () => {
  await sb.close()
})

async function orderQuery(over: { merchantId?: string; accountId?: string; signKey?: string } = {}) {
  const client = createAcquiringClient({
    baseUrl: sb.acquiringUrl,
    merchantId: "701001",
    accountId: "701001010",
    signKey: SIGN_KEY,
    ...over,
  })
  try {
    await client.orderQuery({ orders: ["golive-check-0001"] })
    return null
  } catch (err) {
    return err
  } finally {
    await client.close()
  }
}

async function cardholderQuery(over: { companyId?: string; apiKey?: string } = {}) {
  const client = createIssuingClient({ baseUrl: sb.issuingUrl, companyId: "4101", apiKey: API_KEY, ...over })
  try {
    await client.cardholder.query({ cardholderId: "0" })
    return null
  } catch (err) {
    return err
  } finally {
    await client.close()
  }
}

describe("acquiringProbeVerdict", () => {
  it("passes the right merchant, account and sign key", async () => {
    expect(acquiringProbeVerdict(await orderQuery(), "payments")).toMatchObject({ status: "pass", fix: null })
  })

  it("names a wrong sign key (I0013) and never echoes it", async () => {
    const wrong = "wrong_sign_key_1234"
    const v = acquiringProbeVerdict(await orderQuery({ signKey: wrong }), "payments")
    expect(v).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/^The sign key is wrong: the gateway answered I0013/),
    })
    expect(v.fix).toContain('"payments.sign_key"')
    expect(JSON.stringify(v)).not.toContain(wrong)
    expect(JSON.stringify(v)).not.toContain(SIGN_KEY)
  })

  it("names a wrong merchant id and a wrong account id, with the payout's option names for the payout account", async () => {
    const merchant = acquiringProbeVerdict(await orderQuery({ merchantId: "701002" }), "payout")
    expect(merchant).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/^The merchant id is wrong: the gateway answered I0404 for merchant_id/),
    })
    expect(merchant.fix).toContain('"payout.merchant_id"')
    const account = acquiringProbeVerdict(await orderQuery({ accountId: "701001099" }), "payments")
    expect(account).toMatchObject({ status: "fail", detail: expect.stringMatching(/^The account id is wrong/) })
    expect(account.fix).toContain('"payments.account_id"')
  })

  it("says when the gateway cannot be reached", async () => {
    const client = createAcquiringClient({
      baseUrl: "http://127.0.0.1:9",
      merchantId: "701001",
      accountId: "701001010",
      signKey: SIGN_KEY,
      retry: { attempts: 1 },
    })
    const err = await client.orderQuery({ orders: ["golive-check-0001"] }).then(
      () => null,
      (e) => e
    )
    await client.close()
    expect(acquiringProbeVerdict(err, "payments")).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/could not be reached/),
      fix: expect.stringContaining('"payments.base_url"'),
    })
  })
})

describe("issuingProbeVerdict", () => {
  it("passes the right company and api key (the made-up cardholder is not found: 1003)", async () => {
    expect(issuingProbeVerdict(await cardholderQuery())).toMatchObject({
      status: "pass",
      detail: expect.stringContaining("1003"),
    })
  })

  it("names a wrong api key (1002) and a wrong company id (1001), never the key", async () => {
    const wrong = "wrong_api_key_5678"
    const key = issuingProbeVerdict(await cardholderQuery({ apiKey: wrong }))
    expect(key).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/^The api key is wrong: the issuing API answered code 1002/),
    })
    expect(key.fix).toContain('"issuing.api_key"')
    expect(JSON.stringify(key)).not.toContain(wrong)
    const company = issuingProbeVerdict(await cardholderQuery({ companyId: "4102" }))
    expect(company).toMatchObject({ status: "fail", detail: expect.stringMatching(/^The company id is wrong/) })
    expect(company.fix).toContain('"issuing.company_id"')
  })
})
