/**
 * M5-1: where the gateway may send a shopper (issuer_url, the hosted form's action). The policy is the
 * plugin's: https: only (http: while base_url is http, a local sandbox), on base_url's host or a listed host.
 */
import { redirectPolicyOf, refusedRedirect, validateProviderOptions } from ".."

const BASE = { merchant_id: "1", account_id: "1", sign_key: "k", website: "w", return_url: "https://s.example/r" }

describe("the redirect policy", () => {
  const live = redirectPolicyOf({
    base_url: "https://api.gateway.example/",
    redirect_hosts: ["acs.bank.example", "pay.gateway.example:8443", "*.issuer.example"],
  })

  it("accepts https: on base_url's host and on the listed hosts", () => {
    for (const url of [
      "https://api.gateway.example/v1/checkout",
      "https://acs.bank.example/3ds?token=abc",
      "https://pay.gateway.example:8443/page",
      "https://ACS.EU.issuer.example/challenge",
    ]) {
      expect(refusedRedirect(url, "issuer_url", live)).toBeNull()
    }
  })

  it("refuses other schemes, naming the field and the scheme (never the URL)", () => {
    expect(refusedRedirect("javascript:alert(document.cookie)", "issuer_url", live)).toBe(
      "issuer_url must be an https: URL (got javascript:)"
    )
    expect(refusedRedirect("data:text/html,<script>x</script>", "form.action", live)).toBe(
      "form.action must be an https: URL (got data:)"
    )
    expect(refusedRedirect("http://api.gateway.example/v1/checkout", "form.action", live)).toMatch(
      /must be an https: URL \(got http:\)/
    )
    expect(refusedRedirect("/v1/checkout", "form.action", live)).toBe("form.action is not a URL")
  })

  it("refuses other hosts, naming the host and the allowed ones, not the path or query", () => {
    const why = refusedRedirect("https://evil.example/3ds?token=SECRET", "issuer_url", live)
    expect(why).toBe(
      'issuer_url host "evil.example" is not base_url\'s host or in the option redirect_hosts (api.gateway.example, acs.bank.example, pay.gateway.example:8443, *.issuer.example)'
    )
    expect(why).not.toContain("SECRET")
    // a listed host on another port, a look-alike of a wildcard, the wildcard's own domain
    expect(refusedRedirect("https://acs.bank.example:444/x", "issuer_url", live)).toMatch(/host "acs.bank.example:444"/)
    expect(refusedRedirect("https://evilissuer.example/x", "issuer_url", live)).toMatch(/host "evilissuer.example"/)
    expect(refusedRedirect("https://api.gateway.example.evil.example/x", "issuer_url", live)).toMatch(
      /is not base_url's host/
    )
  })

  it("accepts http: only while base_url is http (a local sandbox), on its host and port", () => {
    const local = redirectPolicyOf({ base_url: "http://127.0.0.1:4010" })
    expect(refusedRedirect("http://127.0.0.1:4010/sandbox/issuer/T1", "issuer_url", local)).toBeNull()
    expect(refusedRedirect("http://127.0.0.1:4011/sandbox/issuer/T1", "issuer_url", local)).toMatch(
      /host "127.0.0.1:4011"/
    )
    expect(refusedRedirect("http://localhost:4010/x", "issuer_url", local)).toMatch(/host "localhost:4010"/)
  })

  it("the option redirect_hosts takes host names, with a port or a *. prefix", () => {
    expect(() =>
      validateProviderOptions({
        ...BASE,
        base_url: "https://gw.example",
        redirect_hosts: ["acs.bank.example", "a.example:8443", "*.bank.example", "10.0.0.1"],
      })
    ).not.toThrow()
    for (const bad of ["https://acs.bank.example", "acs.bank.example/path", "*", "acs bank", ""]) {
      expect(() => validateProviderOptions({ ...BASE, base_url: "https://gw.example", redirect_hosts: [bad] })).toThrow(
        /option "redirect_hosts\[0\]" must be a host name such as acs.bank.example/
      )
    }
    expect(() =>
      validateProviderOptions({ ...BASE, base_url: "https://gw.example", redirect_hosts: "acs.bank.example" as never })
    ).toThrow(/option "redirect_hosts" must be a list of host names/)
  })
})
