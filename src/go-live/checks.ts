/**
 * The go-live check: everything a store owner must know is right before taking real payments, run against the
 * configured gateway. One module for the admin route (GET /admin/gateway/go-live), the admin page and the
 * command (src/scripts/go-live-check.ts); each check answers pass, fail, warn or skip with what to fix.
 *
 * - the gateway addresses: the plugin's sandbox, the gateway's test environment, or live, said plainly;
 * - the credentials of each API family, proven by a signed read-only call for something that does not exist
 *   (payments and payout: an order query; issuing: a cardholder query): the answer names what is wrong;
 * - the notification and return addresses; whether shoppers' addresses reach the card-attempt caps through a proxy;
 * - whether Medusa's locking provider (the payment lock) is shared between instances: fails a split server/worker
 *   store on the in-memory default, warns a shared one (./locking.ts);
 * - the providers enabled in regions; the sync jobs and their last runs.
 *
 * Nothing it sends changes anything at the gateway. Its output never holds a key: every text is scrubbed of
 * the configured secrets before it leaves (`scrub`).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import { createIssuingClient } from "../lib/gateway"
import { createProviderClient, GATEWAY_PROVIDER_IDS, notifyUrl } from "../domain"
import { issuingClientOptions, type GatewayModuleOptions } from "../modules/gateway/options"
import { config as orderSyncJob } from "../jobs/gateway-order-sync"
import { config as refundSyncJob } from "../jobs/gateway-refund-sync"
import { config as subscriptionSyncJob } from "../jobs/gateway-subscription-sync"
import type { GatewayEnvironment, GoLiveCheck, GoLiveReport, GoLiveStatus } from "../types/http/go-live"
import { ENVIRONMENT_WORDS, environmentOf, notifyUrlVerdict, returnUrlVerdict, type Verdict } from "./addresses"
import { acquiringProbeVerdict, issuingProbeVerdict } from "./credentials"
import { clientAddressVerdict, type RequestHeaders } from "./client-address"
import { lockingVerdict, type LockingConfig } from "./locking"

const SYNC_JOBS = [
  { job: "order_sync", title: "Order sync job", config: orderSyncJob },
  { job: "refund_sync", title: "Refund sync job", config: refundSyncJob },
  { job: "subscription_sync", title: "Subscription sync job", config: subscriptionSyncJob },
] as const

/** A job whose last run is older than this is reported: every default schedule runs it at least daily. */
const STALE_RUN_HOURS = 25
/** How long the sandbox's health address may take to answer. */
const SANDBOX_PROBE_MS = 3000

const check = (id: string, title: string, v: Verdict): GoLiveCheck => ({ id, title, ...v })
const skip = (id: string, title: string, detail: string): GoLiveCheck => ({
  id,
  title,
  status: "skip",
  detail,
  fix: null,
})

/** Whether `baseUrl`'s host is the plugin's sandbox: it answers `GET /sandbox/health` (at its root) with `{ ok: true }`. */
async function answersSandboxHealth(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(new URL("/sandbox/health", baseUrl), { signal: AbortSignal.timeout(SANDBOX_PROBE_MS) })
    return res.ok && (await res.json().catch(() => null))?.ok === true
  } catch {
    return false
  }
}

/** The configured base URLs, by the option that holds each. */
function baseUrls(o: GatewayModuleOptions): [string, string][] {
  const out: [string, string][] = []
  if (o.payments) out.push(["payments.base_url", o.payments.base_url])
  if (o.payout) out.push(["payout.base_url", o.payout.base_url])
  if (o.issuing) out.push(["issuing.base_url", o.issuing.base_url])
  return out
}

async function environmentCheck(
  o: GatewayModuleOptions
): Promise<{ check: GoLiveCheck; environment: GatewayEnvironment }> {
  const urls = baseUrls(o)
  if (!urls.length) {
    return {
      environment: "live",
      check: check("environment", "Gateway address", {
        status: "fail",
        detail: "The plugin has no gateway options: nothing is configured.",
        fix: 'Give the plugin its options ("payments", and "payout" and "issuing" if you use them) in medusa-config.ts.',
      }),
    }
  }
  // One probe per host: the payout account usually shares the payments' address.
  const probes = new Map<string, Promise<boolean>>()
  const probe = (url: string) => {
    const origin = new URL(url).origin
    if (!probes.has(origin)) probes.set(origin, answersSandboxHealth(url))
    return probes.get(origin)!
  }
  const found = await Promise.all(
    urls.map(async ([option, url]) => ({ option, url, env: environmentOf(url, await probe(url)) }))
  )
  const environment = found[0]!.env
  const lines = found.map((f) => `${f.option} ${f.url} is ${ENVIRONMENT_WORDS[f.env]}.`)
  const mixed = new Set(found.map((f) => f.env)).size > 1
  const insecure = found.filter((f) => f.env === "live" && !f.url.startsWith("https:"))
  // The option that lets the client speak plain http (meant for the sandbox) is said wherever it is on.
  const httpAllowed = (["payments", "payout", "issuing"] as const)
    .filter((k) => o[k]?.allow_insecure_http)
    .map((k) => `${k}.allow_insecure_http`)
  if (httpAllowed.length)
    lines.push(
      `${httpAllowed.join(", ")} ${httpAllowed.length > 1 ? "are" : "is"} on: plain http to the gateway is allowed.`
    )
  let v: Verdict
  if (httpAllowed.length && environment === "live") {
    v = {
      status: "fail",
      detail: lines.join(" "),
      fix: `Remove ${httpAllowed.join(", ")} from the live options: it is meant for the sandbox on this machine.`,
    }
  } else if (insecure.length) {
    v = {
      status: "fail",
      detail: `${lines.join(" ")} ${insecure.map((f) => f.option).join(", ")} is plain http.`,
      fix: "Use the gateway's https address.",
    }
  } else if (mixed) {
    v = {
      status: "warn",
      detail: `${lines.join(" ")} They point at different environments.`,
      fix: "Point every base URL at the same environment.",
    }
  } else if (environment !== "live") {
    v = {
      status: "warn",
      detail: lines.join(" "),
      fix: "Before launch, set the base URLs to the gateway's live addresses, with the live account's credentials.",
    }
  } else {
    v = { status: "pass", detail: lines.join(" "), fix: null }
  }
  return { environment, check: check("environment", "Gateway address", v) }
}

/** A made-up order number no payment of this plugin ever has (its sessions' are Medusa's `payses_` ids). */
const madeUpOrderNo = () => `golive-check-${randomBytes(8).toString("hex")}`

async function acquiringCredentials(o: GatewayModuleOptions, part: "payments" | "payout"): Promise<GoLiveCheck> {
  const id = `${part}.credentials`
  const title = part === "payments" ? "Payment account credentials" : "Payout account credentials"
  const options = o[part]
  if (!options) {
    return part === "payments"
      ? check(id, title, {
          status: "fail",
          detail:
            'The plugin has no "payments" option: its notifications, sync jobs and review cannot reach the gateway.',
          fix: 'Give the plugin the option "payments", the same object as the payment provider\'s options.',
        })
      : skip(id, title, 'Payouts are not configured (no "payout" option).')
  }
  const client = createProviderClient(options)
  try {
    await client.orderQuery({ orders: [madeUpOrderNo()] })
    return check(id, title, acquiringProbeVerdict(null, part))
  } catch (err) {
    return check(id, title, acquiringProbeVerdict(err, part))
  } finally {
    await client.close().catch(() => undefined)
  }
}

async function issuingCredentials(o: GatewayModuleOptions): Promise<GoLiveCheck> {
  const id = "issuing.credentials"
  const title = "Issuing credentials"
  if (!o.issuing) return skip(id, title, 'Virtual-card issuing is not configured (no "issuing" option).')
  const client = createIssuingClient(issuingClientOptions(o.issuing))
  try {
    // A cardholder id no company has: the gateway's ids are positive integers.
    await client.cardholder.query({ cardholderId: "0" })
    return check(id, title, issuingProbeVerdict(null))
  } catch (err) {
    return check(id, title, issuingProbeVerdict(err))
  } finally {
    await client.close().catch(() => undefined)
  }
}

function notifyChecks(o: GatewayModuleOptions, env: GatewayEnvironment): GoLiveCheck[] {
  const out: GoLiveCheck[] = []
  if (o.payments)
    out.push(
      check("notify_url", "Notification address", notifyUrlVerdict(notifyUrl(o.payments), env, "payments.store_url"))
    )
  if (o.payout) {
    const v = notifyUrlVerdict(o.payout.notify_url, env, "payout.notify_url")
    // Payouts settle by Refresh without it: worth knowing, not a stop.
    out.push(
      check(
        "payout.notify_url",
        "Payout notification address",
        o.payout.notify_url ? v : { ...v, status: v.status === "fail" ? "warn" : v.status }
      )
    )
  }
  return out
}

/**
 * The locking provider, from the store's config as the container holds it (projectConfig.workerMode, modules). Without
 * a request (the command, a `medusa exec` that runs as a "server" whatever the store's processes) the worker mode
 * tells nothing.
 */
function lockingCheck(container: MedusaContainer, requestHeaders: RequestHeaders | null): GoLiveCheck {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE, {
    allowUnregistered: true,
  }) as LockingConfig
  return check(
    "locking",
    "Shared locking provider (payment lock)",
    lockingVerdict(config, requestHeaders ? "instance" : "command")
  )
}

async function regionsCheck(container: MedusaContainer): Promise<GoLiveCheck> {
  const id = "regions"
  const title = "Providers enabled in regions"
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["id", "name", "payment_providers.id", "payment_providers.is_enabled"],
  })
  const loaded = new Set(
    (await container.resolve(Modules.PAYMENT).listPaymentProviders({ id: [...GATEWAY_PROVIDER_IDS] } as never))
      .filter((p) => p.is_enabled)
      .map((p) => p.id)
  )
  const regionsOf = (providerId: string) =>
    (regions as { name?: string; payment_providers?: ({ id?: string; is_enabled?: boolean } | null)[] }[])
      .filter((r) => (r.payment_providers ?? []).some((p) => p?.id === providerId))
      .map((r) => r.name ?? "(unnamed)")
      .sort()
  const rows = GATEWAY_PROVIDER_IDS.map((p) => ({ id: p, loaded: loaded.has(p), regions: regionsOf(p) }))
  const detail = rows
    .map(
      (r) =>
        `${r.id}: ${!r.loaded ? "not loaded by the payment module" : r.regions.length ? r.regions.join(", ") : "in no region"}`
    )
    .join("; ")
  const unused = rows.filter((r) => !r.regions.length || !r.loaded)
  if (!loaded.size) {
    return check(id, title, {
      status: "fail",
      detail: `The payment module does not load the plugin's providers (${detail}).`,
      fix: 'Add the provider "medusa-plugin-card-gateway/providers/gateway" to the payment module in medusa-config.ts (README, "Installing the plugin").',
    })
  }
  if (unused.length === rows.length) {
    return check(id, title, {
      status: "fail",
      detail: `No region offers the gateway's payment providers (${detail}): shoppers cannot pay through it.`,
      fix: "Enable pp_gateway_hosted (or pp_gateway_card, pp_gateway_apm) in the regions that sell: Settings → Regions → the region → Payment providers.",
    })
  }
  if (unused.length) {
    return check(id, title, {
      status: "warn",
      detail: `${unused.map((r) => r.id).join(", ")} ${unused.length > 1 ? "are" : "is"} enabled in no region (${detail}).`,
      fix: `If shoppers should have ${unused.length > 1 ? "them" : "it"}, enable ${unused.map((r) => r.id).join(", ")} in the regions that sell (Settings → Regions); otherwise nothing to do.`,
    })
  }
  return check(id, title, { status: "pass", detail, fix: null })
}

const ago = (then: Date, now: Date) => {
  const minutes = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60000))
  return minutes < 120
    ? `${minutes} min ago`
    : minutes < 2880
      ? `${Math.round(minutes / 60)} h ago`
      : `${Math.round(minutes / 1440)} days ago`
}

async function jobChecks(container: MedusaContainer, now: Date): Promise<GoLiveCheck[]> {
  const gatewayModule = container.resolve("gateway")
  return Promise.all(
    SYNC_JOBS.map(async ({ job, title, config }) => {
      const id = `job.${job}`
      const scheduled = `${config.name} is scheduled "${config.schedule}"`
      const [last] = await gatewayModule.listGatewaySyncRuns(
        { job, status: ["succeeded", "failed"] },
        { take: 1, order: { started_at: "DESC" } }
      )
      if (!last) {
        return check(id, title, {
          status: "warn",
          detail: `${scheduled}; it has never run.`,
          fix: 'Scheduled jobs run in a Medusa process whose workerMode is "shared" or "worker": make sure one runs. Run the job once from the admin\'s Reconciliation page to see its result.',
        })
      }
      const when = `${scheduled}; its last run started ${ago(new Date(last.started_at), now)}`
      if (last.status === "failed") {
        return check(id, title, {
          status: "fail",
          detail: `${when} and failed: ${last.error ?? "no reason recorded"}.`,
          fix: /IP not registered/i.test(last.error ?? "")
            ? "Register this server's public IP address with the gateway for the order query."
            : "Fix the cause above, then run the job again from the admin's Reconciliation page.",
        })
      }
      const found = ((last.discrepancies as { items?: unknown[] } | null)?.items ?? []).length
      const summary = `and succeeded (checked ${last.checked}, changed ${last.changed}, discrepancies ${found})`
      if (now.getTime() - new Date(last.started_at).getTime() > STALE_RUN_HOURS * 3600_000) {
        return check(id, title, {
          status: "warn",
          detail: `${when} ${summary}: it has not run for more than a day.`,
          fix: 'Make sure a Medusa process with workerMode "shared" or "worker" runs, and that the schedule is not more than 24 days apart.',
        })
      }
      // A run that succeeded but found Medusa and the gateway disagreeing is not a pass: someone has to look.
      if (found) {
        return check(id, title, {
          status: "warn",
          detail: `${when} ${summary}: it found ${found} ${found === 1 ? "payment" : "payments"} where Medusa and the gateway disagree.`,
          fix: "Open Card gateway → Reconciliation: each discrepancy says what the gateway holds and what Medusa shows; resolve them before going live.",
        })
      }
      return check(id, title, { status: "pass", detail: `${when} ${summary}.`, fix: null })
    })
  )
}

/** The configured secrets, longest first, so that no text of the report can carry one. */
function secretsOf(o: GatewayModuleOptions): string[] {
  return [o.payments?.sign_key, o.payout?.sign_key, o.issuing?.api_key]
    .filter((s): s is string => typeof s === "string" && s.length >= 4)
    .sort((a, b) => b.length - a.length)
}

export function scrub(text: string, secrets: readonly string[]): string {
  return secrets.reduce((t, s) => t.split(s).join("[redacted]"), text)
}

/**
 * Runs every check against `options` (default: the plugin's own) and returns the report. The checks run in
 * parallel; a check that throws is a failed check naming the error, never a failed report. `requestHeaders`: the
 * admin page's request, which tells whether a proxy stands in front of the server (null from the command).
 */
export async function runGoLiveChecks(
  container: MedusaContainer,
  options?: GatewayModuleOptions,
  now = new Date(),
  requestHeaders: RequestHeaders | null = null
): Promise<GoLiveReport> {
  const o = options ?? container.resolve("gateway").moduleOptions()
  const guard = (id: string, title: string, run: () => Promise<GoLiveCheck | GoLiveCheck[]>) =>
    run().catch((err: unknown): GoLiveCheck =>
      check(id, title, {
        status: "fail",
        detail: `The check could not run: ${err instanceof Error ? err.message : String(err)}`,
        fix: null,
      })
    )

  const { check: envCheck, environment } = await environmentCheck(o)
  const results = await Promise.all([
    envCheck,
    guard("payments.credentials", "Payment account credentials", () => acquiringCredentials(o, "payments")),
    guard("payout.credentials", "Payout account credentials", () => acquiringCredentials(o, "payout")),
    guard("issuing.credentials", "Issuing credentials", () => issuingCredentials(o)),
    ...notifyChecks(o, environment),
    o.payments
      ? check(
          "return_url",
          "Return address",
          returnUrlVerdict(o.payments.return_url, environment, "payments.return_url")
        )
      : skip("return_url", "Return address", 'No "payments" option.'),
    o.payments
      ? check(
          "client_address",
          "Shoppers' addresses (card-attempt caps)",
          clientAddressVerdict(requestHeaders, o.payments.client_ip)
        )
      : skip("client_address", "Shoppers' addresses (card-attempt caps)", 'No "payments" option.'),
    guard("locking", "Shared locking provider (payment lock)", async () => lockingCheck(container, requestHeaders)),
    guard("regions", "Providers enabled in regions", () => regionsCheck(container)),
    guard("jobs", "Sync jobs", () => jobChecks(container, now)),
  ])
  const secrets = secretsOf(o)
  const checks = results.flat().map((c) => ({
    ...c,
    title: scrub(c.title, secrets),
    detail: scrub(c.detail, secrets),
    fix: c.fix === null ? null : scrub(c.fix, secrets),
  }))
  const counts: Record<GoLiveStatus, number> = { pass: 0, fail: 0, warn: 0, skip: 0 }
  for (const c of checks) counts[c.status]++
  return { ok: counts.fail === 0, environment, counts, checks, checked_at: now }
}
