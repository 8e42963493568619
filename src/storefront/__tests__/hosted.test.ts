/**
 * The hosted page (H7-1): the kit posts the session's form into a named, sandboxed frame (never the gateway's
 * HTML), and takes the shopper out of the frame once it shows the store's own return page.
 */
import { HOSTED_FRAME_SANDBOX, hostedFormOf, postHostedForm, returnedFrameUrl } from "../hosted.js"
import { recordingDocument } from "./helpers/recording-document.js"

const hosted = {
  action: "https://pay.gateway.example/v1/checkout",
  inputs: { gbc_id: "G1", allParams: "merNo=701001&orderNo=o1" },
}

describe("the hosted page's form", () => {
  it("is the session's action and text inputs, posted by POST", () => {
    expect(hostedFormOf({ hosted: { ...hosted, inputs: { ...hosted.inputs, odd: 5 as never } } })).toEqual({
      url: hosted.action,
      method: "POST",
      fields: hosted.inputs,
    })
  })

  it("is refused when there is none or its action is not https: (http: only to this machine)", () => {
    expect(hostedFormOf({})).toBeNull()
    expect(hostedFormOf(null)).toBeNull()
    expect(hostedFormOf({ hosted: null })).toBeNull()
    expect(hostedFormOf({ hosted: { ...hosted, action: "javascript:alert(1)" } })).toBeNull()
    expect(hostedFormOf({ hosted: { ...hosted, action: "/v1/checkout" } })).toBeNull()
    expect(hostedFormOf({ hosted: { ...hosted, action: "http://pay.gateway.example/v1/checkout" } })).toBeNull()
    expect(hostedFormOf({ hosted: { ...hosted, action: "http://127.0.0.1:4010/v1/checkout" } })?.url).toBe(
      "http://127.0.0.1:4010/v1/checkout"
    )
  })

  it("never uses the gateway's HTML, even when old session data still holds it", () => {
    const form = hostedFormOf({ hosted: { ...hosted, html: "<script>steal()</script>" } as never })
    expect(JSON.stringify(form)).not.toContain("<script")
  })

  it("is posted into the named frame as hidden inputs; the page stays and the form is removed", () => {
    const { doc, made, assigned } = recordingDocument()
    postHostedForm(hostedFormOf({ hosted })!, "gateway-hosted-r1", doc)
    const form = made.find((e) => e.tag === "form")
    expect(form).toMatchObject({ method: "POST", action: hosted.action, target: "gateway-hosted-r1" })
    expect(form.children.map((i: any) => [i.type, i.name, i.value])).toEqual([
      ["hidden", "gbc_id", "G1"],
      ["hidden", "allParams", "merNo=701001&orderNo=o1"],
    ])
    expect(made.some((e) => e.appended === form)).toBe(true)
    expect(form.events).toEqual(["submit", "remove"])
    expect(assigned).toEqual([])
  })
})

describe("the hosted frame", () => {
  it("is sandboxed to keep the gateway's own origin, without the right to move the store's tab by itself", () => {
    const flags = HOSTED_FRAME_SANDBOX.split(" ")
    expect(flags.sort()).toEqual([
      "allow-forms",
      "allow-same-origin",
      "allow-scripts",
      "allow-top-navigation-by-user-activation",
    ])
  })

  const store = { location: { origin: "https://shop.example" } }
  it("is left for the store's page it came back to", () => {
    expect(
      returnedFrameUrl({ contentWindow: { location: { href: "https://shop.example/return?order_no=1" } } }, store)
    ).toBe("https://shop.example/return?order_no=1")
  })

  it("is kept while it shows the gateway's page (another origin: unreadable) or nothing yet", () => {
    const gatewayPage = {
      contentWindow: {
        location: {
          get href(): string {
            throw new Error("SecurityError: cross-origin frame")
          },
        },
      },
    }
    expect(returnedFrameUrl(gatewayPage, store)).toBeNull()
    expect(returnedFrameUrl({ contentWindow: { location: { href: "about:blank" } } }, store)).toBeNull()
    expect(
      returnedFrameUrl({ contentWindow: { location: { href: "https://pay.gateway.example/x" } } }, store)
    ).toBeNull()
    expect(returnedFrameUrl({ contentWindow: null }, store)).toBeNull()
    expect(returnedFrameUrl(null, store)).toBeNull()
  })
})
