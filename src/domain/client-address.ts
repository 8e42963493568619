/**
 * The shopper's address, taken the way the store says its traffic arrives (provider option `client_ip`), and
 * the bucket the per-address card cap counts it in.
 *
 * - No proxy in front of Medusa (the default): the socket's peer address. Headers are ignored, since anyone can
 *   send `X-Forwarded-For`. (Medusa sets Express's `trust proxy` to 1 and does not let a store change it, so
 *   `req.ip` is the last `X-Forwarded-For` entry whoever wrote it: it is not used.)
 * - Behind proxies: `client_ip.header` names the header the store's own proxy writes, and
 *   `client_ip.trusted_proxies` how many proxies append to it (default 1). Of a comma list such as
 *   `X-Forwarded-For: spoofed, client, cdn` the entry that many places from the right is the one the outermost
 *   trusted proxy saw connect (2 for a CDN in front of a load balancer). A request without that many entries
 *   did not come through the proxies: its socket address is used.
 *
 * IPv6 addresses are counted per /64 (one customer line holds a whole /64); IPv4 per address.
 */
import { isIP } from "node:net"

export interface ClientIpOptions {
  /** The header the store's proxy sets, e.g. "x-forwarded-for", "x-real-ip", "cf-connecting-ip". */
  header?: string
  /** Proxies that append to a comma-list header (default 1). */
  trusted_proxies?: number
}

export interface RequestAddressParts {
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** The socket's peer address (`req.socket.remoteAddress`). */
  socketAddress?: string | null
}

/** The shopper's address as text (IPv4 dotted, IPv6 as given), or "unknown". */
export function clientAddress(req: RequestAddressParts, options: ClientIpOptions | null | undefined): string {
  const socket = normaliseIp(req.socketAddress ?? "")
  const header = options?.header?.toLowerCase()
  if (!header) return socket ?? "unknown"
  const raw = req.headers[header]
  const entries = (Array.isArray(raw) ? raw.join(",") : (raw ?? ""))
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
  const hops = options?.trusted_proxies ?? 1
  const picked = entries.length >= hops ? normaliseIp(entries[entries.length - hops]!) : null
  return picked ?? socket ?? "unknown"
}

/** An address as the per-address cap counts it: IPv4 as is, IPv6 by its /64 ("2001:db8:0:1::/64"). */
export function addressBucket(ip: string): string {
  if (isIP(ip) !== 6) return ip
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`
}

/** An IP address without port, brackets or zone, IPv4-mapped IPv6 as IPv4; null when it is not one. */
function normaliseIp(text: string): string | null {
  let t = text.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(t)
  if (bracketed) t = bracketed[1]!
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(t)) t = t.slice(0, t.lastIndexOf(":"))
  t = t.replace(/%.*$/, "")
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(t)
  if (mapped) t = mapped[1]!
  const kind = isIP(t)
  if (kind === 4) return t
  if (kind === 6) return t.toLowerCase()
  return null
}

/** The eight 16-bit groups of an IPv6 address, in lowercase hex without leading zeros. */
function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase()
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null]
  const left = head ? head.split(":") : []
  const right = tail ? tail.split(":") : []
  const middle = tail === null ? [] : Array(8 - left.length - right.length).fill("0")
  return [...left, ...middle, ...right].map((g) => parseInt(g || "0", 16).toString(16))
}
