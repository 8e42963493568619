/**
 * Golden direction 2: the public docs' direct-payment sample (fixtures/public-docs/authorise.json) is the wire
 * truth. Its values go through the client's `authorise` to a local HTTP server (real socket) that records the
 * request: the field names on the wire must be exactly the sample's. And the provider's `buildPaymentRequest`,
 * from a realistic cart, may emit only names of the sample, of interface.md's payment request, or of the wire
 * audit's [assumed] list (docs/gateway-contract.md), each of which must be overridable from the options.
 */
import { existsSync, readFileSync } from "node:fs"
import { resolve } from "node:path"
import { createAcquiringClient, fromMinorUnits } from "../../lib/gateway"
import { partsTotal } from "../../lib/gateway/acquiring/schemas/payment"
import {
  buildPaymentRequest,
  createProviderClient,
  GatewayProviderOptions,
  OrderContext,
  validateProviderOptions,
} from ".."
import { approvedRespon, useRecordingServer } from "../../lib/gateway/__tests__/helpers/recording-server"

const ROOT = resolve(__dirname, "../../..")
const SAMPLE_FILE = resolve(ROOT, "fixtures/public-docs/authorise.json")
const AUDIT_FILE = resolve(ROOT, "docs/gateway-contract.md")
const INTERFACE_FILE = resolve(ROOT, "../shared/spec/interface.md")

/** Fields the client adds itself: not fed from the sample. */
const CLIENT_FIELDS = ["merchant_id", "account_id", "encryption_data"]

/** interface.md, "Payment request (shared by POST /v1/authorise and POST /v1/checkout)". */
const INTERFACE_PAYMENT_FIELDS = [
  "merchant_id",
  "account_id",
  "order_no",
  "currency",
  "amount",
  "item_total",
  "shipping",
  "handling",
  "tax_total",
  "insurance",
  "shipping_discount",
  "discount",
  "website",
  "items",
  "note",
  "custom",
  "shopper_id",
  "shopper_email",
  "shopper_ip",
  "shopper_phone",
  "shopper_level",
  "open3d",
  "token_flag",
  "token_id",
  "card",
  "first_name",
  "last_name",
  "document",
  "birth_date",
  "billing_country",
  "billing_state",
  "billing_city",
  "billing_address",
  "billing_postal_code",
  "delivery_firstname",
  "delivery_lastname",
  "delivery_country",
  "delivery_state",
  "delivery_city",
  "delivery_address",
  "delivery_postal_code",
  "os",
  "browser",
  "browser_lang",
  "time_zone",
  "resolution",
  "color_depth",
  "accept",
  "user_agent",
  "cookie_new",
  "cookie_old",
  "challenge_window_size",
  "session_id",
  "device_fingerprint",
  "notify_url",
  "installments",
  "installments_id",
  "encryption_data",
  "platform_source",
  "device_type",
  "order_type",
  "checkout_time",
  "antifraud_token_cookie",
  "price_id",
  "quote_id",
  "quote_price",
  "storefront_domains",
  "secure_payment",
  "cart_items",
  "account_owner",
  "total_discount",
  "additional_information",
  "subscription",
]

/**
 * The wire audit's [assumed] names of the payment requests (docs/gateway-contract.md, "Wire audit"), each with
 * the provider option that overrides it and what that override must put on the wire.
 */
const ASSUMED_NAMES: Record<
  string,
  { override: Partial<GatewayProviderOptions>; expect: (sent: Record<string, unknown>) => void }
> = {
  return_url: {
    override: { field_names: { authorise: { return_url: "returnUrl" } } },
    expect: (sent) => {
      expect(sent).toHaveProperty("returnUrl")
      expect(sent).not.toHaveProperty("return_url")
    },
  },
}

/** The audit's [assumed] values the provider emits, with their override and its effect. */
const ASSUMED_VALUES: Record<
  string,
  { value: unknown; override: Partial<GatewayProviderOptions>; expect: (sent: Record<string, unknown>) => void }
> = {
  platform_source: {
    value: "medusa",
    override: { field_values: { payment: { platform_source: "Shopify" } } },
    expect: (sent) => expect(sent.platform_source).toBe("Shopify"),
  },
  device_type: {
    value: "MOBILE",
    override: { field_values: { payment: { device_type: { MOBILE: "H5" } } } },
    expect: (sent) => expect(sent.device_type).toBe("H5"),
  },
  "cart_items[].basic_item_data.type": {
    value: "physical",
    override: { field_values: { payment: { "cart_items[].basic_item_data.type": "goods" } } },
    expect: (sent) =>
      expect((sent.cart_items as { basic_item_data: { type: string } }[])[0]!.basic_item_data.type).toBe("goods"),
  },
}

function loadSample(): Record<string, unknown> {
  const raw = JSON.parse(readFileSync(SAMPLE_FILE, "utf8")) as Record<string, unknown>
  let body: unknown = raw
  for (const k of ["body", "request", "sample", "fields"]) {
    if (raw[k] !== undefined && (typeof raw[k] === "object" || typeof raw[k] === "string")) {
      body = raw[k]
      break
    }
  }
  if (typeof body === "string") body = JSON.parse(body)
  return body as Record<string, unknown>
}

const recording = useRecordingServer()

describe("the docs' direct-payment sample through the client", () => {
  it("puts exactly the sample's field names on the wire", async () => {
    const sample = loadSample()
    const merchantId = String(sample.merchant_id ?? "701001")
    const accountId = String(sample.account_id ?? "701001010")
    const request: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(sample)) if (!CLIENT_FIELDS.includes(k)) request[k] = v
    // Names are what this test is about: should a sample's amount not be the sum of its parts (the docs' rule,
    // checked locally as the gateway does; the docs' own page has such a sample), it is made consistent.
    if (typeof request.item_total === "string" && typeof request.currency === "string") {
      request.amount = fromMinorUnits(partsTotal(request, request.currency), request.currency)
    }
    const client = createAcquiringClient({
      baseUrl: recording.server.url,
      merchantId,
      accountId,
      signKey: "golden",
      retry: { attempts: 1 },
    })
    recording.track(client)
    recording.server.reply(approvedRespon("golden"))
    const r = await client.authorise(request as never)
    expect(r.outcome).toBe("approved")
    const sent = recording.server.last()
    expect(sent.path).toBe("/v1/authorise")
    expect(Object.keys(sent.fields).sort()).toEqual(Object.keys(sample).sort())
    // the card travels under the documented names, and every value as given (the signature is ours)
    for (const f of ["card", "expiration_month", "expiration_year", "security_code"])
      expect(sent.fields[f]).toBe(sample[f])
    for (const [k, v] of Object.entries(request)) expect([k, sent.fields[k]]).toEqual([k, v])
  })
})

describe("the provider's payment request", () => {
  const options: GatewayProviderOptions = {
    base_url: "http://127.0.0.1:1",
    merchant_id: "701001",
    account_id: "701001010",
    sign_key: "golden",
    website: "https://shop.example",
    return_url: "https://shop.example/checkout/return",
    store_url: "https://api.shop.example",
  }

  const context: OrderContext = {
    cart_id: "cart_01",
    email: "ada@example.com",
    customer_id: "cus_01",
    totals: { item_subtotal: 40, shipping_subtotal: 5, tax_total: 4.5, discount_subtotal: 2 },
    items: [
      {
        id: "cali_1",
        title: "Mug",
        product_title: "Mug",
        variant_sku: "MUG-1",
        variant_id: "variant_1",
        product_id: "prod_1",
        product_type: null,
        unit_price: 15,
        quantity: 2,
      },
      {
        id: "cali_2",
        title: "Blue",
        product_title: "T-shirt",
        variant_sku: null,
        variant_id: "variant_2",
        product_id: "prod_2",
        product_type: "apparel",
        unit_price: 10,
        quantity: 1,
      },
    ],
    billing_address: {
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "1 Main St",
      address_2: "Flat 2",
      city: "London",
      province: "LDN",
      postal_code: "N1 1AA",
      country_code: "gb",
      phone: "+44 20 0000 0000",
    },
    shipping_address: {
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "1 Main St",
      city: "London",
      postal_code: "N1 1AA",
      country_code: "gb",
    },
    shopper_ip: "203.0.113.7",
    browser: {
      user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
      accept: "text/html",
      browser_lang: "en-GB",
      time_zone: "0",
      resolution: "390x844",
      color_depth: "24",
      os: "iOS",
      browser: "Safari",
      device_fingerprint: "fp_1",
      session_id: "sess_1",
      challenge_window_size: "01",
    },
  }

  const build = (o: GatewayProviderOptions) =>
    buildPaymentRequest({ options: o, order_no: "payses_01", amount: "47.50", currency: "USD", context })

  it("emits only names of the sample, of interface.md or of the audit's [assumed] list", () => {
    const sample = Object.keys(loadSample())
    const allowed = new Set([...sample, ...INTERFACE_PAYMENT_FIELDS, ...Object.keys(ASSUMED_NAMES)])
    const request = build(options)
    const unknown = Object.keys(request).filter((k) => !allowed.has(k))
    expect(unknown).toEqual([])
    // and the assumed values it emits are the audit's
    expect(request.platform_source).toBe(ASSUMED_VALUES.platform_source!.value)
    expect(request.device_type).toBe(ASSUMED_VALUES.device_type!.value)
    expect((request.cart_items as { basic_item_data: { type: string } }[])[0]!.basic_item_data.type).toBe("physical")
    // six components per item (docs' Items page)
    expect(
      String(request.items)
        .split("#;#")
        .map((i) => i.split("#,#").length)
    ).toEqual([6, 6])
  })

  it("interface.md lists the names this test takes from it", () => {
    if (!existsSync(INTERFACE_FILE)) return
    const text = readFileSync(INTERFACE_FILE, "utf8")
    const section = text.slice(text.indexOf("### Payment request"), text.indexOf("### Direct payment result"))
    for (const f of INTERFACE_PAYMENT_FIELDS) expect(section).toMatch(new RegExp(`\\b${f}\\b`))
  })

  it("the audit marks every [assumed] name and value of this test as [assumed]", () => {
    const audit = readFileSync(AUDIT_FILE, "utf8")
    const section = audit.slice(audit.indexOf("## Wire audit"))
    expect(section.length).toBeGreaterThan(100)
    const rowsOf = (name: string) => section.split("\n").filter((l) => l.startsWith("|") && l.includes(`\`${name}\``))
    const notMarked = [...Object.keys(ASSUMED_NAMES), ...Object.keys(ASSUMED_VALUES)].filter(
      (name) => !rowsOf(name).some((l) => l.includes("**[assumed]**"))
    )
    expect(notMarked).toEqual([])
  })

  it.each([...Object.entries(ASSUMED_NAMES), ...Object.entries(ASSUMED_VALUES)])(
    "[assumed] %s is overridden on the wire from the provider's options",
    async (_name, { override, expect: check }) => {
      const o = { ...options, base_url: recording.server.url, ...override }
      validateProviderOptions(o)
      const client = createProviderClient(o)
      recording.track(client)
      recording.server.reply(approvedRespon("golden"))
      const card = {
        card: "4242424242424242",
        expiration_month: "12",
        expiration_year: "2030",
        security_code: "321",
        open3d: "do3DS",
      }
      await client.authorise({ ...build(o), ...card } as never)
      check(recording.server.last().fields)
    }
  )
})
