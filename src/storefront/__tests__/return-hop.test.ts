import { returnHopHtml, RETURN_HOP_HEADERS } from "../return-hop.js"

describe("returnHopHtml: the cross-site return's first stop", () => {
  it("navigates same-site to the given path, unless framed, and carries nothing else", () => {
    const html = returnHopHtml("/api/gateway/return/continue")
    expect(html).toContain('if (window.top === window) location.replace("/api/gateway/return/continue")')
    expect(html).toContain('<a href="/api/gateway/return/continue">')
    expect(html).not.toMatch(/cart/i)
    expect(RETURN_HOP_HEADERS["cache-control"]).toBe("no-store")
    expect(RETURN_HOP_HEADERS["referrer-policy"]).toBe("no-referrer")
  })

  it("refuses anything but a path on the same site (no other origin, no script, no query)", () => {
    for (const bad of [
      "https://evil.example/x",
      "//evil.example/x",
      "javascript:alert(1)",
      "/x?cart_id=1",
      '/x"<script>',
      "x",
    ]) {
      expect(() => returnHopHtml(bad)).toThrow(/next must be a path on this site/)
    }
  })

  it("escapes its title", () => {
    expect(returnHopHtml("/r", '<b>"x"</b>')).toContain("&#60;b&#62;&#34;x&#34;&#60;/b&#62;")
  })
})
