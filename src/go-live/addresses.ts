/**
 * The go-live rules for addresses, pure: which gateway a base URL is (the plugin's sandbox, the gateway's test
 * environment, live), and whether the notification and return addresses work with it. The docs: webhooks are
 * only sent to HTTPS addresses; an "&" inside return_url breaks the signature (I0013); the test hosts are
 * `https://test-api.<vendor>` (acquiring) and `https://sandbox.<vendor>/api` (issuing).
 */
import type { GatewayEnvironment, GoLiveStatus } from "../types/http/go-live"

/** A check's outcome before it gets its id and title. */
export interface Verdict {
  status: GoLiveStatus
  detail: string
  fix: string | null
}

const PRIVATE_NAMES = /(^localhost$|\.localhost$|\.local$|\.internal$|\.lan$|\.home\.arpa$)/i

function privateIPv4(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (!m) return false
  const [a, b] = [Number(m[1]), Number(m[2])]
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  )
}

function privateIPv6(host: string): boolean {
  const h = host.toLowerCase()
  if (h === "::1" || h === "::") return true
  if (/^f[cd][0-9a-f]{0,2}:/.test(h) || /^fe[89ab][0-9a-f]?:/.test(h)) return true
  // IPv4-mapped, as written (::ffff:10.0.0.1) or as the URL parser writes it (::ffff:a00:1)
  const dotted = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(h)
  if (dotted) return privateIPv4(dotted[1]!)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h)
  if (mapped) {
    const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)]
    return privateIPv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`)
  }
  return false
}

/** This machine, a private or link-local network, or a name only a local network resolves (no dot, .local...). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "")
  if (host.includes(":")) return privateIPv6(host)
  if (/^[\d.]+$/.test(host)) return privateIPv4(host)
  return !host.includes(".") || PRIVATE_NAMES.test(host)
}

const parse = (url: string): URL | null => {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/**
 * Which gateway `baseUrl` is: the sandbox when it answers `/sandbox/health` (the plugin's simulator) or is on
 * this machine or a private network, the gateway's test environment on a `test-api.` / `sandbox.` host, live
 * otherwise.
 */
export function environmentOf(baseUrl: string, answersSandboxHealth: boolean): GatewayEnvironment {
  const url = parse(baseUrl)
  if (answersSandboxHealth || !url || isPrivateHost(url.hostname)) return "sandbox"
  return /^(test-api|sandbox)\./i.test(url.hostname) ? "test" : "live"
}

export const ENVIRONMENT_WORDS: Record<GatewayEnvironment, string> = {
  sandbox: "the plugin's sandbox (a simulator: no money moves)",
  test: "the gateway's test environment (no real money moves)",
  live: "a live gateway address (real money moves)",
}

/** Live rules fail where the sandbox's only warn (a sandbox on this machine reaches local addresses). */
const strict = (env: GatewayEnvironment): GoLiveStatus => (env === "live" ? "fail" : "warn")

/**
 * The address the gateway sends notifications to (`option` names where it comes from). The gateway sends
 * webhooks only to HTTPS addresses, and it must reach it.
 */
export function notifyUrlVerdict(url: string | undefined, env: GatewayEnvironment, option: string): Verdict {
  if (!url) {
    return {
      status: strict(env),
      detail: `No notify_url is sent (the option "${option}" is not set): the gateway cannot tell this store about payments, refunds, disputes or payouts; only the sync jobs would find out, minutes later.`,
      fix: `Set "${option}" to this Medusa server's public https address.`,
    }
  }
  const u = parse(url)
  if (!u || !/^https?:$/.test(u.protocol)) {
    return {
      status: "fail",
      detail: `notify_url ${url} is not an http(s) address.`,
      fix: `Set "${option}" to this Medusa server's public https address.`,
    }
  }
  if (u.protocol !== "https:") {
    // The plugin's sandbox on this machine sends to http; the gateway (test or live) only to https.
    return {
      status: env === "sandbox" ? "warn" : "fail",
      detail: `notify_url ${url} is plain http: ${env === "sandbox" ? "the sandbox reaches it, but " : ""}the gateway sends notifications only to HTTPS addresses.`,
      fix: `Serve this Medusa server over https and set "${option}" to its https address.`,
    }
  }
  if (isPrivateHost(u.hostname)) {
    return {
      status: strict(env),
      detail: `notify_url ${url} is on this machine or a private network: the gateway cannot reach it.`,
      fix: `Set "${option}" to the address the internet reaches this Medusa server at.`,
    }
  }
  return { status: "pass", detail: `notify_url ${url} is https and public.`, fix: null }
}

/** The storefront page shoppers come back to after 3-D Secure, an APM or the hosted page. */
export function returnUrlVerdict(url: string | undefined, env: GatewayEnvironment, option: string): Verdict {
  const u = url ? parse(url) : null
  if (!url || !u || !/^https?:$/.test(u.protocol)) {
    return {
      status: "fail",
      detail: `return_url ${url ?? "(not set)"} is not an absolute http(s) address.`,
      fix: `Set "${option}" to the storefront's return page, e.g. https://shop.example/checkout/return.`,
    }
  }
  if (url.includes("&")) {
    return {
      status: "fail",
      detail: `return_url ${url} contains "&": the gateway's signature breaks on it (it answers I0013).`,
      fix: `Use a return page without "&" in its address in "${option}".`,
    }
  }
  if (u.protocol !== "https:") {
    return {
      status: strict(env),
      detail: `return_url ${url} is plain http: shoppers come back to the store unencrypted.`,
      fix: `Set "${option}" to the storefront's https return page.`,
    }
  }
  if (isPrivateHost(u.hostname)) {
    return {
      status: strict(env),
      detail: `return_url ${url} is on this machine or a private network: shoppers' browsers cannot reach it.`,
      fix: `Set "${option}" to the storefront's public return page.`,
    }
  }
  return { status: "pass", detail: `return_url ${url} is an https storefront address without "&".`, fix: null }
}
