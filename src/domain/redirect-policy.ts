/**
 * Where the plugin lets the gateway send a shopper: the `issuer_url` of a 3-D Secure or APM payment and the
 * `action` of the hosted page's form. Neither is covered by a signature (the hosted page is unsigned HTML; the
 * direct answer's [assumed] signature does not list issuer_url), and both are served with the session to the
 * shopper's browser, where a storefront may post to them or follow them. So before one is stored it must be
 * https: (http: only while base_url itself is http, a local sandbox) on base_url's host or a host the store
 * lists in `redirect_hosts`. This is the plugin's policy, not a fact of the gateway (docs/gateway-contract.md).
 */

/** A `redirect_hosts` entry: a host name or IPv4 address, with a port when not the default, or `*.domain` for its subdomains. */
export const REDIRECT_HOST_PATTERN =
  /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i

export interface RedirectPolicy {
  /** The schemes accepted: https:, and http: when base_url is http. */
  protocols: readonly string[]
  /** base_url's host, then the store's entries (lower case). */
  hosts: readonly string[]
}

/** The provider options the policy reads (a structural type: ./options.ts imports this file's host pattern). */
export interface RedirectPolicyOptions {
  base_url: string
  redirect_hosts?: readonly string[] | null
}

export function redirectPolicyOf(options: RedirectPolicyOptions): RedirectPolicy {
  const base = new URL(options.base_url)
  return {
    protocols: base.protocol === "http:" ? ["https:", "http:"] : ["https:"],
    hosts: [base.host, ...(options.redirect_hosts ?? [])].map((h) => h.toLowerCase()),
  }
}

/** Why a session failed when its redirect was refused: kept for staff (the shopper is told "declined"). */
export const REDIRECT_REFUSED = Object.freeze({
  code: "redirect_refused",
  message: "the payment would continue at an address this store does not allow; use another payment method",
})

/** Whether `host` (a URL's host: with its port unless the default) is `entry`, or under a `*.domain` entry. */
const hostMatches = (host: string, entry: string) =>
  entry.startsWith("*.") ? host.endsWith(entry.slice(1)) : host === entry

/**
 * Why `url`, the gateway's value of `field`, may not be stored; null when it may. The reason names the field,
 * the scheme or the host, never the whole URL (its path or query may carry a token).
 */
export function refusedRedirect(url: string, field: string, policy: RedirectPolicy): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return `${field} is not a URL`
  }
  if (!policy.protocols.includes(u.protocol))
    return `${field} must be an ${policy.protocols.join(" or ")} URL (got ${u.protocol})`
  if (!policy.hosts.some((entry) => hostMatches(u.host, entry))) {
    return `${field} host "${u.host}" is not base_url's host or in the option redirect_hosts (${policy.hosts.join(", ")})`
  }
  return null
}
