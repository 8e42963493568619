import { browserData } from "../browser-data.js"
import { followRedirect, isAllowedUrl, leaveFrame, readReturn, redirectOf, submitRedirect } from "../redirect.js"
import { recordingDocument } from "./helpers/recording-document.js"

describe("3-D Secure / APM hand-off", () => {
  const redirect = {
    url: "https://issuer.example/3ds/abc",
    method: "POST" as const,
    fields: {
      return_url: "https://shop.example/return",
      notify_url: "https://api.shop.example/hooks/gateway/notifications",
    },
  }

  it("reads the POST form from data.redirect", () => {
    expect(redirectOf({ redirect, issuer_url: redirect.url })).toEqual(redirect)
  })

  it("drops card-like and non-text fields, whatever the data holds", () => {
    const form = redirectOf({
      redirect: {
        ...redirect,
        fields: {
          ...redirect.fields,
          card_number: "4242424242424242",
          cvv: "123",
          expiration_month: "12",
          nested: { a: 1 } as any,
        },
      },
    })
    expect(form?.fields).toEqual(redirect.fields)
  })

  it("falls back to opening issuer_url, and refuses what is not http(s)", () => {
    expect(redirectOf({ issuer_url: "https://issuer.example/x" })).toEqual({
      url: "https://issuer.example/x",
      method: "GET",
      fields: {},
    })
    expect(redirectOf({ redirect: { ...redirect, url: "javascript:alert(1)" } })).toBeNull()
    expect(redirectOf({ issuer_url: "javascript:alert(1)" })).toBeNull()
    expect(redirectOf({})).toBeNull()
    expect(redirectOf(null)).toBeNull()
  })

  it("refuses plain http: except to this machine (L7-2)", () => {
    expect(redirectOf({ redirect: { ...redirect, url: "http://issuer.example/3ds/abc" } })).toBeNull()
    expect(redirectOf({ issuer_url: "http://issuer.example/apm" })).toBeNull()
    for (const url of [
      "http://localhost:4010/sandbox/issuer/T1",
      "http://127.0.0.1:4010/sandbox/issuer/T1",
      "http://[::1]:4010/x",
    ]) {
      expect(redirectOf({ redirect: { ...redirect, url } })?.url).toBe(url)
      expect(isAllowedUrl(url)).toBe(true)
    }
    expect(isAllowedUrl("http://localhost.evil.example/x")).toBe(false)
    expect(isAllowedUrl("https://issuer.example/x")).toBe(true)
  })

  it("submits a hidden POST form holding only the fields", () => {
    const { doc, made, assigned } = recordingDocument()
    submitRedirect(redirect, doc)
    const form = made.find((e) => e.tag === "form")
    expect(form).toMatchObject({ method: "POST", action: redirect.url })
    expect(form.children.map((i: any) => [i.type, i.name, i.value])).toEqual([
      ["hidden", "return_url", redirect.fields.return_url],
      ["hidden", "notify_url", redirect.fields.notify_url],
    ])
    expect(made.some((e) => e.appended === form)).toBe(true)
    expect(form.target).toBeUndefined()
    // Submitted and not removed: the page is being left.
    expect(form.events).toEqual(["submit"])
    expect(assigned).toEqual([])
  })

  it("navigates for a GET and reports when there is nowhere to go", () => {
    const { doc, made, assigned } = recordingDocument()
    expect(followRedirect({ issuer_url: "https://issuer.example/apm" }, doc)).toBe(true)
    expect(assigned).toEqual(["https://issuer.example/apm"])
    expect(made).toEqual([])
    expect(followRedirect({ redirect: null }, doc)).toBe(false)
  })

  it("reads only the return's known parameters", () => {
    expect(
      readReturn("https://shop.example/return?order_no=payses_1&transaction_id=T9&order_status=1&card=4242")
    ).toEqual({ order_no: "payses_1", transaction_id: "T9", order_status: "1" })
    expect(readReturn("/return")).toEqual({ order_no: null, transaction_id: null, order_status: null })
  })

  it("leaves the hosted page's iFrame by loading the return in the whole window", () => {
    const top = { location: { href: "https://shop.example/checkout" } }
    const framed = { top, location: { href: "https://shop.example/return?order_no=1" } }
    expect(leaveFrame(framed)).toBe(true)
    expect(top.location.href).toBe("https://shop.example/return?order_no=1")
    const whole: any = { location: { href: "https://shop.example/return" } }
    whole.top = whole
    expect(leaveFrame(whole)).toBe(false)
  })

  it("in a sandboxed frame, which may not navigate the store's tab, stays without throwing: the holding page takes the shopper out", () => {
    const top = {
      location: {
        get href() {
          return "https://shop.example/checkout"
        },
        set href(_v: string) {
          throw new Error("SecurityError: the frame is sandboxed")
        },
      },
    }
    expect(leaveFrame({ top, location: { href: "https://shop.example/return?order_no=1" } })).toBe(true)
  })
})

describe("browser data", () => {
  it("collects the browser's data within the card route's limits", () => {
    const data = browserData(
      {
        navigator: { userAgent: "U".repeat(600), language: "en-GB" },
        screen: { width: 1440, height: 900, colorDepth: 24 },
      },
      new Date()
    )
    expect(data.user_agent).toHaveLength(500)
    expect(data).toMatchObject({ browser_lang: "en-GB", resolution: "1440x900", color_depth: "24" })
    expect(data.time_zone).toMatch(/^-?\d+$/)
    expect(browserData({})).toEqual({ time_zone: expect.any(String) })
  })
})
