/**
 * Whether the card-attempt caps see each shopper's own address. Without the `client_ip` option the caps count the
 * socket's peer: behind a proxy or load balancer that is the proxy, so every shopper shares one address and about
 * 20 posts an hour from anyone stop every checkout. Only a request that came the shoppers' way can tell: the admin
 * page's own request to the check (it reaches the server through the same proxy as the store API); the command,
 * run on the server, cannot.
 */
import type { ClientIpOptions } from "../domain/client-address"
import type { Verdict } from "./addresses"

/** Headers a proxy in front of the server writes; any of them on a request means one is there. */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "cf-connecting-ip", "true-client-ip"] as const

export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>

export function clientAddressVerdict(
  headers: RequestHeaders | null,
  clientIp: ClientIpOptions | null | undefined
): Verdict {
  const configured = clientIp?.header?.toLowerCase()
  if (!headers) {
    return configured
      ? {
          status: "pass",
          detail: `Shoppers' addresses are read from the "${configured}" header (option payments.client_ip).`,
          fix: null,
        }
      : {
          status: "warn",
          detail:
            "Shoppers' addresses are the connections' own (no payments.client_ip option). The command cannot tell whether a proxy is in front of the server.",
          fix: "Run the check from the admin page (Card gateway → Go-live check): it sees whether requests come through a proxy.",
        }
  }
  const seen = PROXY_HEADERS.filter((h) => headers[h] !== undefined)
  if (configured) {
    return headers[configured] !== undefined
      ? {
          status: "pass",
          detail: `Shoppers' addresses are read from the "${configured}" header (option payments.client_ip), which this request carries.`,
          fix: null,
        }
      : {
          status: "warn",
          detail: `The option payments.client_ip names the "${configured}" header, but this request does not carry it${seen.length ? ` (it carries ${seen.join(", ")})` : ""}: shoppers whose requests lack it are counted by the connection's address.`,
          fix: "Set payments.client_ip.header to the header your own proxy writes (docs/payments-and-safety.md: Card-attempt caps, the client address and proxies).",
        }
  }
  return seen.length
    ? {
        status: "fail",
        detail: `Requests reach this server through a proxy (they carry ${seen.join(", ")}), but shoppers' addresses are the connections' own (no payments.client_ip option): every shopper counts as the proxy, and the per-address card-attempt cap then stops every checkout after a few posts from anyone.`,
        fix: 'Set payments.client_ip, e.g. { header: "x-forwarded-for", trusted_proxies: 1 } for one proxy of your own (docs/payments-and-safety.md: Card-attempt caps, the client address and proxies).',
      }
    : {
        status: "pass",
        detail: "Requests reach this server directly (no proxy header): shoppers' addresses are the connections' own.",
        fix: null,
      }
}
