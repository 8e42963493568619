import { environmentOf, isPrivateHost, notifyUrlVerdict, returnUrlVerdict } from "../addresses"

describe("isPrivateHost", () => {
  it.each([
    "localhost",
    "api.localhost",
    "127.0.0.1",
    "10.2.3.4",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.10",
    "169.254.1.1",
    "100.64.0.1",
    "0.0.0.0",
    "[::1]",
    "[fd00::5]",
    "[fe80::1]",
    "[::ffff:10.0.0.1]",
    new URL("http://[::ffff:192.168.0.1]/").hostname,
    "medusa",
    "shop.local",
    "db.internal",
  ])("%s is not reachable from the internet", (host) => expect(isPrivateHost(host)).toBe(true))
  it.each([
    "shop.example",
    "api.shop.example",
    "8.8.8.8",
    "172.32.0.1",
    "192.169.0.1",
    "[2001:db8::1]",
    "[::ffff:8.8.8.8]",
  ])("%s is public", (host) => expect(isPrivateHost(host)).toBe(false))
})

describe("environmentOf", () => {
  it("says sandbox for an address that answers /sandbox/health or is local, test for the gateway's test hosts, live otherwise", () => {
    expect(environmentOf("https://gw.example", true)).toBe("sandbox")
    expect(environmentOf("http://127.0.0.1:4010", false)).toBe("sandbox")
    expect(environmentOf("https://test-api.gateway.example", false)).toBe("test")
    expect(environmentOf("https://sandbox.gateway.example/api", false)).toBe("test")
    expect(environmentOf("https://api.gateway.example", false)).toBe("live")
  })
})

describe("notifyUrlVerdict", () => {
  const option = "payments.store_url"
  it("passes an https public address", () => {
    expect(notifyUrlVerdict("https://api.shop.example/hooks/gateway/notifications", "live", option).status).toBe("pass")
  })
  it("fails plain http for the gateway (live or test: it sends webhooks only to HTTPS), warns against the plugin's sandbox, which reaches it", () => {
    for (const env of ["live", "test", "sandbox"] as const) {
      const v = notifyUrlVerdict("http://localhost:9000/hooks/gateway/notifications", env, option)
      expect(v).toMatchObject({
        status: env === "sandbox" ? "warn" : "fail",
        detail: expect.stringMatching(/plain http.*only to HTTPS/),
      })
      expect(v.fix).toContain(`"${option}"`)
    }
  })
  it("fails a private address when live, warns against the sandbox", () => {
    expect(notifyUrlVerdict("https://localhost/hooks/gateway/notifications", "live", option).status).toBe("fail")
    expect(notifyUrlVerdict("https://192.168.0.5/hooks/gateway/notifications", "sandbox", option)).toMatchObject({
      status: "warn",
      detail: expect.stringMatching(/cannot reach/),
    })
  })
  it("names the option when no notify_url is sent", () => {
    expect(notifyUrlVerdict(undefined, "live", option)).toMatchObject({
      status: "fail",
      detail: expect.stringContaining(`"${option}" is not set`),
    })
    expect(notifyUrlVerdict(undefined, "test", option).status).toBe("warn")
  })
})

describe("returnUrlVerdict", () => {
  const option = "payments.return_url"
  it("passes an https storefront page", () => {
    expect(returnUrlVerdict("https://shop.example/checkout/return", "live", option).status).toBe("pass")
  })
  it('fails an "&" (the gateway answers I0013) and a relative address', () => {
    expect(returnUrlVerdict("https://shop.example/return?a=1&b=2", "sandbox", option)).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("I0013"),
    })
    expect(returnUrlVerdict("/checkout/return", "sandbox", option).status).toBe("fail")
  })
  it("fails http and local pages when live, warns against the sandbox", () => {
    expect(returnUrlVerdict("http://shop.example/return", "live", option).status).toBe("fail")
    expect(returnUrlVerdict("http://localhost:8000/checkout/return", "sandbox", option).status).toBe("warn")
    expect(returnUrlVerdict("https://localhost:8000/checkout/return", "live", option).status).toBe("fail")
  })
})
