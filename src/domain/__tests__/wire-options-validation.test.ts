// Provider and module options validated with messages naming them, and their defaults (sync, notifications, reveal, plain http).
import {
  issuingClientOptions,
  notificationConcurrency,
  notificationReadInterval,
  payoutClientOptions,
  revealRules,
  validateModuleOptions,
} from "../../modules/gateway/options"
import {
  DEFAULT_SYNC_CONCURRENCY,
  GatewayProviderOptions,
  insecureHttpWarning,
  syncConcurrency,
  validateProviderOptions,
} from ".."
import { PROVIDER_BASE, useWireOptions } from "./wire-options-setup"

const { providerOptions } = useWireOptions()

describe("options are validated with messages naming them", () => {
  const provider: [string, Partial<GatewayProviderOptions>, RegExp][] = [
    [
      "field_names operation",
      { field_names: { capturre: { amount: "x" } } },
      /option "field_names.capturre" is not a known operation/,
    ],
    [
      "field_names field",
      { field_names: { authorise: { cvv: "x" } } },
      /option "field_names.authorise.cvv" is not a field that authorise sends/,
    ],
    [
      "field_values rule",
      { field_values: { payment: { platform_source: 1 as never } } },
      /option "field_values.payment.platform_source" must be a text/,
    ],
    ["status_codes key", { status_codes: { approved: ["1"] } as never }, /option "status_codes.approved" is not known/],
    [
      "status_codes list",
      { status_codes: { order_status: { approved: [] } } },
      /option "status_codes.order_status.approved" must be a non-empty list/,
    ],
    [
      "payment_status_codes state",
      { payment_status_codes: { paid: ["P"] } as never },
      /option "payment_status_codes.paid" is not known/,
    ],
    [
      "payment_status_codes twice",
      { payment_status_codes: { captured: ["P"], refunded: ["P"] } },
      /"payment_status_codes.refunded" lists "P", already listed for captured/,
    ],
    ["paths operation", { paths: { apms: "/v1/apm" } }, /option "paths.apms" is not a known operation/],
    ["paths path", { paths: { apm: "v1/apm" } }, /option "paths.apm" must be a path/],
    [
      "verify_response_signatures",
      { verify_response_signatures: "no" as never },
      /option "verify_response_signatures" must be true or false/,
    ],
    [
      "product_url placeholder",
      { product_url: "https://s.example/{slug}" },
      /option "product_url" may hold only the placeholders/,
    ],
    ["product_url URL", { product_url: "shop/{handle}" }, /option "product_url" must be an http\(s\) URL/],
    [
      "an unknown option",
      { capture_mode: "manual" } as never,
      /option "capture_mode" is not known \(base_url, merchant_id, .*capture,/,
    ],
    ["merchant_id length", { merchant_id: "12345678" }, /option "merchant_id" must be at most 7 characters/],
    ["return_url with &", { return_url: "https://s.example/r?a=1&b=2" }, /option "return_url" must not contain "&"/],
    ["timeouts", { timeouts: { connect_ms: 0 } }, /option "timeouts.connect_ms" must be a positive integer/],
    ["sync_concurrency zero", { sync_concurrency: 0 }, /option "sync_concurrency" must be a positive integer/],
    ["sync_concurrency fraction", { sync_concurrency: 2.5 }, /option "sync_concurrency" must be a positive integer/],
    ["sync_concurrency too many", { sync_concurrency: 33 }, /option "sync_concurrency" must be at most 32/],
    ["card_attempts", { card_attempts: { per_card: 0 } }, /option "card_attempts.per_card" must be a positive integer/],
    [
      "card_attempts key",
      { card_attempts: { per_ip: 5 } as never },
      /option "card_attempts.per_ip" is not known \(per_address, per_session, per_cart, per_card, window_seconds\)/,
    ],
    [
      "client_ip header",
      { client_ip: { header: "X Forwarded For" } },
      /option "client_ip.header" must be a header name/,
    ],
    [
      "client_ip proxies",
      { client_ip: { header: "x-forwarded-for", trusted_proxies: 0 } },
      /option "client_ip.trusted_proxies" must be a positive integer/,
    ],
    ["log_bodies", { log_bodies: "yes" as never }, /option "log_bodies" must be true or false/],
    [
      "base_url plain http",
      { base_url: "http://api.gateway.example" },
      /option "base_url" must be an https: URL \(http: only to localhost, 127.0.0.1 or ::1, or with allow_insecure_http: true\)/,
    ],
    ["store_url plain http", { store_url: "http://api.shop.example" }, /option "store_url" must be an https: URL/],
    [
      "return_url plain http",
      { return_url: "http://shop.example/checkout/return" },
      /option "return_url" must be an https: URL/,
    ],
    [
      "allow_insecure_http",
      { allow_insecure_http: "yes" as never },
      /option "allow_insecure_http" must be true or false/,
    ],
  ]
  it.each(provider)("provider: %s", (_n, extra, message) => {
    expect(() => providerOptions(extra)).toThrow(message)
  })

  it("sync_concurrency: accepted from 1 to 32; the reconciliation runs use it, or 8 without it", () => {
    expect(() => providerOptions({ sync_concurrency: 1 })).not.toThrow()
    expect(() => providerOptions({ sync_concurrency: 32 })).not.toThrow()
    expect(syncConcurrency({ ...PROVIDER_BASE, sync_concurrency: 3 })).toBe(3)
    expect(syncConcurrency(PROVIDER_BASE)).toBe(DEFAULT_SYNC_CONCURRENCY)
    expect(syncConcurrency(null)).toBe(8)
  })

  const moduleCases: [string, Record<string, unknown>, RegExp][] = [
    [
      "issuing.field_names",
      {
        issuing: {
          base_url: "https://x/api",
          company_id: "1",
          api_key: "k",
          field_names: { cardQuery: { nope: "x" } },
        },
      },
      /option "issuing.field_names.cardQuery.nope" is not a field/,
    ],
    [
      "issuing.signature_overrides",
      { issuing: { base_url: "https://x/api", company_id: "1", api_key: "k", signature_overrides: { cardz: ["a"] } } },
      /option "issuing.signature_overrides.cardz" is not a known endpoint/,
    ],
    [
      "issuing.status_codes",
      { issuing: { base_url: "https://x/api", company_id: "1", api_key: "k", status_codes: { done: ["1"] } } },
      /option "issuing.status_codes.done" is not known/,
    ],
    [
      "issuing.reveal.per_user",
      { issuing: { base_url: "https://x/api", company_id: "1", api_key: "k", reveal: { per_user: 0 } } },
      /option "issuing.reveal.per_user" must be a positive integer/,
    ],
    [
      "issuing.reveal.user_ids",
      { issuing: { base_url: "https://x/api", company_id: "1", api_key: "k", reveal: { user_ids: "user_1" } } },
      /option "issuing.reveal.user_ids" must be a list of admin user ids/,
    ],
    [
      "issuing.reveal (unknown key)",
      { issuing: { base_url: "https://x/api", company_id: "1", api_key: "k", reveal: { per_hour: 5 } } },
      /option "issuing.reveal.per_hour"/,
    ],
    [
      "payout.field_values",
      {
        payout: {
          base_url: "https://x",
          merchant_id: "1",
          account_id: "1",
          sign_key: "k",
          field_values: { payout: { fund_source: 5 } },
        },
      },
      /option "payout.field_values.payout.fund_source" must be a text/,
    ],
    [
      "payout.refresh_on_notification",
      {
        payout: {
          base_url: "https://x",
          merchant_id: "1",
          account_id: "1",
          sign_key: "k",
          refresh_on_notification: "no",
        },
      },
      /option "payout.refresh_on_notification" must be true or false/,
    ],
    [
      "payout.refresh_interval_seconds",
      {
        payout: {
          base_url: "https://x",
          merchant_id: "1",
          account_id: "1",
          sign_key: "k",
          refresh_interval_seconds: 0,
        },
      },
      /option "payout.refresh_interval_seconds" must be a positive integer/,
    ],
    [
      "notifications.read_interval_seconds",
      { notifications: { read_interval_seconds: -1 } },
      /option "notifications.read_interval_seconds" must be a whole number of seconds from 0 to 3600/,
    ],
    [
      "notifications.read_interval_seconds (fraction)",
      { notifications: { read_interval_seconds: 1.5 } },
      /option "notifications.read_interval_seconds" must be a whole number of seconds from 0 to 3600/,
    ],
    [
      "notifications.concurrency",
      { notifications: { concurrency: 0 } },
      /option "notifications.concurrency" must be a whole number from 1 to 64/,
    ],
    [
      "notifications.concurrency (fraction)",
      { notifications: { concurrency: 2.5 } },
      /option "notifications.concurrency" must be a whole number from 1 to 64/,
    ],
    [
      "notifications.concurrency (text)",
      { notifications: { concurrency: "8" } },
      /option "notifications.concurrency" must be a whole number from 1 to 64/,
    ],
    [
      "payout.paths",
      { payout: { base_url: "https://x", merchant_id: "1", account_id: "1", sign_key: "k", paths: { payout: "x" } } },
      /option "payout.paths.payout" must be a path/,
    ],
    [
      "payments (the provider's options)",
      { payments: { base_url: "https://x", merchant_id: "1", account_id: "1", sign_key: "k", website: "w" } },
      /option "payments.return_url" is required/,
    ],
    [
      "payments.signature_overrides",
      { payments: { ...PROVIDER_BASE, signature_overrides: { captur: ["a"] } } },
      /option "payments.signature_overrides.captur" is not a known endpoint/,
    ],
    [
      "issuing.base_url plain http",
      { issuing: { base_url: "http://x.example/api", company_id: "1", api_key: "k" } },
      /option "issuing.base_url" must be an https: URL/,
    ],
    [
      "payout.notify_url plain http",
      {
        payout: {
          base_url: "https://x",
          merchant_id: "1",
          account_id: "1",
          sign_key: "k",
          notify_url: "http://shop.example/hooks",
        },
      },
      /option "payout.notify_url" must be an https: URL/,
    ],
    [
      "payments.base_url plain http",
      { payments: { ...PROVIDER_BASE, base_url: "http://x.example" } },
      /option "payments.base_url" must be an https: URL/,
    ],
  ]
  it.each(moduleCases)("module: %s", (_n, options, message) => {
    expect(() => validateModuleOptions(options)).toThrow(message)
  })

  it("notifications.read_interval_seconds: once a minute unless set; 0 reads after every delivery", () => {
    expect(notificationReadInterval(validateModuleOptions({}).notifications)).toBe(60)
    expect(
      notificationReadInterval(validateModuleOptions({ notifications: { read_interval_seconds: 0 } }).notifications)
    ).toBe(0)
    expect(
      notificationReadInterval(validateModuleOptions({ notifications: { read_interval_seconds: 5 } }).notifications)
    ).toBe(5)
  })

  it("notifications.concurrency: 8 at once unless set", () => {
    expect(notificationConcurrency(validateModuleOptions({}).notifications)).toBe(8)
    expect(notificationConcurrency(validateModuleOptions({ notifications: { concurrency: 2 } }).notifications)).toBe(2)
  })

  it("issuing.reveal: 10 an hour for any admin user unless set", () => {
    const issuing = { base_url: "https://x/api", company_id: "1", api_key: "k" }
    expect(revealRules(validateModuleOptions({ issuing }).issuing)).toEqual({
      per_user: 10,
      window_seconds: 3600,
      user_ids: null,
    })
    const set = validateModuleOptions({
      issuing: { ...issuing, reveal: { per_user: 2, window_seconds: 60, user_ids: ["user_a"] } },
    })
    expect(revealRules(set.issuing)).toEqual({ per_user: 2, window_seconds: 60, user_ids: ["user_a"] })
    // not a client option: the issuing client gets none of it
    expect(issuingClientOptions(set.issuing!)).not.toHaveProperty("reveal")
  })

  it("plain http: is accepted to this machine, and elsewhere only with allow_insecure_http (then warned)", () => {
    for (const base_url of ["http://localhost:4010", "http://127.0.0.1:4010", "http://[::1]:4010"]) {
      expect(() =>
        validateProviderOptions({ ...PROVIDER_BASE, base_url, store_url: "http://localhost:9000" })
      ).not.toThrow()
      expect(insecureHttpWarning({ ...PROVIDER_BASE, base_url }, ["base_url", "store_url"])).toBeNull()
    }
    const insecure = {
      ...PROVIDER_BASE,
      base_url: "http://gw.example",
      store_url: "http://api.shop.example",
      allow_insecure_http: true,
    }
    expect(() => validateProviderOptions(insecure)).not.toThrow()
    expect(insecureHttpWarning(insecure, ["base_url", "store_url"])).toMatch(
      /^option "base_url", "store_url" are plain http: to another machine \(allow_insecure_http\)/
    )
    const payout = {
      base_url: "http://gw.example",
      merchant_id: "1",
      account_id: "1",
      sign_key: "k",
      notify_url: "http://shop.example/h",
      allow_insecure_http: true,
    }
    const issuing = { base_url: "http://gw.example/api", company_id: "1", api_key: "k", allow_insecure_http: true }
    expect(() => validateModuleOptions({ payout, issuing })).not.toThrow()
    expect(insecureHttpWarning(payout, ["base_url", "notify_url"], "payout.")).toMatch(
      /^option "payout.base_url", "payout.notify_url" are plain http:/
    )
    expect(issuingClientOptions(issuing).allowInsecureHttp).toBe(true)
    expect(payoutClientOptions(payout).allowInsecureHttp).toBe(true)
  })
})
