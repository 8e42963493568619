/**
 * Whether Medusa's locking provider is shared between the store's instances, pure, from the store's config (the
 * container's `configModule`). The payment lock (`gateway:payment:<order_no>`) lets one change at a time touch a
 * payment: the card post (a server), a notification's processing and the sync jobs (workers), a review. It is
 * Medusa's locking module (Modules.LOCKING), whose default provider is in-memory: its locks hold inside one
 * process only. With separate server and worker processes the lock then holds nothing: a 3-D Secure notification
 * processed on a worker while the card post runs on a server writes the session's old data back, and two card
 * posts of one session on two servers both reach the gateway (two holds, one tracked).
 *
 * Medusa 2.21.2's `defineConfig` leaves `modules` as an object keyed by module name ("locking", with its default
 * entry `{ resolve: "@medusajs/medusa/locking" }` when the store declares none; an array entry and the older keyed
 * form both end up there), and the config loader fills in `projectConfig.workerMode` ("shared" unless the config or
 * MEDUSA_WORKER_MODE says "server" or "worker"). A config that skipped `defineConfig` may still hold an array: both
 * are read. The locking module's default provider is chosen as @medusajs/locking does: the only provider declared,
 * else the last one marked `is_default`, else the in-memory one.
 */
import type { Verdict } from "./addresses"

const LOCKING_MODULE = "locking"
const LOCKING_RESOLVES = ["@medusajs/medusa/locking", "@medusajs/locking"]
export const LOCKING_REDIS = "@medusajs/medusa/locking-redis"
export const LOCKING_POSTGRES = "@medusajs/medusa/locking-postgres"

export type LockingProviderKind = "in-memory" | "redis" | "postgres" | "other"

export interface LockingProvider {
  kind: LockingProviderKind
  /** How the config names it: the provider's `resolve` (or its id), "in-memory" for Medusa's default. */
  name: string
  /** Why it is the default, in words, when that is not plain (several providers, none marked is_default). */
  note: string | null
}

type Entry = { resolve?: unknown; key?: unknown; disable?: unknown; options?: { providers?: unknown } }
type ProviderEntry = { resolve?: unknown; id?: unknown; is_default?: unknown }

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v)

/** A provider's `resolve` named: its package path, or the identifier of the service a module object exports. */
function resolveName(resolve: unknown): string {
  if (typeof resolve === "string") return resolve
  if (isObject(resolve)) {
    const mod = (isObject(resolve.default) ? resolve.default : resolve) as { services?: unknown }
    const ids = Array.isArray(mod.services)
      ? mod.services.map((s) => (s as { identifier?: unknown })?.identifier).filter((i) => typeof i === "string")
      : []
    if (ids.length) return ids.join(",")
  }
  return ""
}

function kindOf(name: string): LockingProviderKind {
  if (/locking-redis/i.test(name)) return "redis"
  if (/locking-postgres/i.test(name)) return "postgres"
  if (/in-?memory/i.test(name)) return "in-memory"
  return "other"
}

/** The locking module's entry in the config's modules (keyed object or array; the last one wins, as in Medusa). */
function lockingEntry(modules: unknown): Entry | null {
  const entries: [string, unknown][] = Array.isArray(modules)
    ? modules.map((m) => ["", m])
    : isObject(modules)
      ? Object.entries(modules)
      : []
  let found: Entry | null = null
  for (const [key, e] of entries) {
    if (!isObject(e)) continue
    const entry = e as Entry
    if (
      key === LOCKING_MODULE ||
      entry.key === LOCKING_MODULE ||
      (typeof entry.resolve === "string" && LOCKING_RESOLVES.includes(entry.resolve))
    )
      found = entry
  }
  return found && found.disable !== true ? found : null
}

/** The provider Medusa's locking module uses when a lock names none (the plugin's locks name none). */
export function defaultLockingProvider(modules: unknown): LockingProvider {
  const entry = lockingEntry(modules)
  if (!entry) return { kind: "in-memory", name: "in-memory", note: "no locking module is configured" }
  if (typeof entry.resolve === "string" && !LOCKING_RESOLVES.includes(entry.resolve)) {
    // A locking module of the store's own (or a provider package given as the module): judged by its name.
    return { kind: kindOf(entry.resolve), name: entry.resolve, note: null }
  }
  const providers = (Array.isArray(entry.options?.providers) ? entry.options.providers : []).filter(
    isObject
  ) as ProviderEntry[]
  if (!providers.length)
    return { kind: "in-memory", name: "in-memory", note: "the locking module declares no provider" }
  const chosen = providers.length === 1 ? providers[0]! : [...providers].reverse().find((p) => p.is_default === true)
  if (!chosen) {
    return {
      kind: "in-memory",
      name: "in-memory",
      note: `the locking module declares ${providers.length} providers (${providers.map((p) => resolveName(p.resolve) || String(p.id ?? "?")).join(", ")}) but marks none is_default, so Medusa keeps the in-memory one as the default`,
    }
  }
  const name = resolveName(chosen.resolve) || String(chosen.id ?? "") || "(a provider without resolve)"
  const kind = kindOf(name)
  return { kind, name, note: kind === "in-memory" ? `the locking module's default provider is ${name}` : null }
}

export type WorkerMode = "shared" | "server" | "worker"

/** The instance's worker mode as the config loader left it ("shared" when unset or unknown, as Medusa runs it). */
export function workerModeOf(projectConfig: unknown): WorkerMode {
  const mode = isObject(projectConfig) ? projectConfig.workerMode : undefined
  return mode === "server" || mode === "worker" ? mode : "shared"
}

/** The store's config as the container holds it (`configModule`), the parts this check reads. */
export type LockingConfig = { projectConfig?: unknown; modules?: unknown } | null | undefined

const HOW_TO_SHARE = `In medusa-config.ts, give Medusa's locking module a provider every instance shares, as its default: { resolve: "@medusajs/medusa/locking", options: { providers: [{ resolve: "${LOCKING_REDIS}", id: "locking-redis", is_default: true, options: { redisUrl: process.env.REDIS_URL } }] } }, or without Redis "${LOCKING_POSTGRES}" (id "locking-postgres": advisory locks in the store's database; run npx medusa db:migrate) (docs/going-live.md: Running in production).`

const WHAT_BREAKS =
  "The payment lock (gateway:payment:<order_no>), which lets one change at a time touch a payment (a card post on a server, a notification or a sync on a worker), would then hold in one process only: a 3-D Secure notification could write a card post's session data back over its result, and two card posts of one session on two servers could both reach the gateway (two holds, one tracked)."

const inMemoryWords = (p: LockingProvider) =>
  `Medusa's locking module uses its in-memory provider (${p.note ?? "the default"}), whose locks hold inside one process only.`

/**
 * Where the check runs. "instance": a Medusa process of the store as it is deployed (the admin route, on the server
 * that answered it). "command": `npx medusa-plugin-card-gateway check`, a `medusa exec`, which sets
 * MEDUSA_WORKER_MODE=server for itself whatever the store's processes are (so do `medusa user` and the `db:`
 * commands): its "server" says nothing about the deployment.
 */
export type LockingCheckContext = "instance" | "command"

export function lockingVerdict(config: LockingConfig, context: LockingCheckContext = "instance"): Verdict {
  const mode = workerModeOf(config?.projectConfig)
  const p = defaultLockingProvider(config?.modules)
  if (p.kind === "in-memory") {
    if (mode === "server" && context === "command") {
      return {
        status: "warn",
        detail: `${inMemoryWords(p)} That is right for a store of exactly one Medusa instance, and wrong with separate server and worker processes or several servers. The command cannot tell which this store runs: medusa exec runs it with workerMode "server" whatever the store's processes are. ${WHAT_BREAKS}`,
        fix: `Run the check from the admin page (Card gateway → Go-live check): the server answering it checks its own worker mode. With one instance, nothing to do; otherwise: ${HOW_TO_SHARE}`,
      }
    }
    if (mode !== "shared") {
      return {
        status: "fail",
        detail: `This instance runs with workerMode "${mode}": the store runs separate server and worker processes, but ${inMemoryWords(p)} ${WHAT_BREAKS}`,
        fix: HOW_TO_SHARE,
      }
    }
    return {
      status: "warn",
      detail: `${inMemoryWords(p)} That is right for a store of exactly one Medusa instance (workerMode "shared", as this one), and wrong as soon as several run (servers behind a load balancer, a separate worker). ${WHAT_BREAKS}`,
      fix: `With one instance, nothing to do. Before running more than one: ${HOW_TO_SHARE}`,
    }
  }
  const which =
    p.kind === "redis"
      ? `the Redis provider (${p.name})`
      : p.kind === "postgres"
        ? `the PostgreSQL provider (${p.name}, advisory locks in the store's database)`
        : `the provider ${p.name}, which is not one Medusa ships: the check takes it to be shared by every instance (a lock taken in one process must hold in all of them)`
  return {
    status: "pass",
    detail: `Medusa's locking module uses ${which} by default: the payment lock holds across every instance that shares it (workerMode "${mode}").`,
    fix: null,
  }
}

/** Medusa CLI commands that set MEDUSA_WORKER_MODE=server for their own process (2.21.2: exec, user, db:*). */
const SERVER_MODE_COMMANDS = /^(exec|user|db:.+)$/

/**
 * What the plugin's module logs at boot: only for an instance of a split store on in-memory locking, else null.
 * `argv`: the process's arguments; a Medusa command that sets workerMode "server" for itself (`medusa exec`, the go-live
 * command, `medusa user`, `medusa db:migrate`) is no server of the store and logs nothing.
 */
export function lockingBootWarning(config: LockingConfig, argv: readonly string[] = process.argv): string | null {
  const command = argv.slice(2).some((a) => SERVER_MODE_COMMANDS.test(a))
  const v = lockingVerdict(config, command ? "command" : "instance")
  return v.status === "fail" ? `Card gateway plugin: ${v.detail} ${v.fix}` : null
}
