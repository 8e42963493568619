/**
 * The locking check (N-8), on config shapes as Medusa 2.21.2 leaves them: `defineConfig` keys `modules` by module
 * name (an array entry and the older keyed form alike; "locking" always there, `{ resolve:
 * "@medusajs/medusa/locking" }` when the store declares none) and the config loader (ConfigManager) fills in
 * `projectConfig.workerMode` from the config or MEDUSA_WORKER_MODE ("shared" when neither says). A split store on
 * the in-memory provider fails, a shared one is warned; the module's loader warns at boot in the split case only.
 */
import { ConfigManager } from "@medusajs/framework/config"
import { defineConfig, Modules } from "@medusajs/framework/utils"
import warnUnsharedLocking from "../../modules/gateway/loaders/locking-provider"
import { defaultLockingProvider, lockingBootWarning, lockingVerdict, type LockingConfig } from "../locking"

/** A medusa-config.ts's content (typed loosely: the shapes under test include the deprecated keyed form). */
type InputConfig = { projectConfig: Record<string, unknown>; modules?: unknown }

/** The store's config as the container's `configModule` holds it: defineConfig, then Medusa's config loader. */
function loaded(config: InputConfig, env: { MEDUSA_WORKER_MODE?: string } = {}): LockingConfig {
  const saved = process.env.MEDUSA_WORKER_MODE
  if (env.MEDUSA_WORKER_MODE === undefined) delete process.env.MEDUSA_WORKER_MODE
  else process.env.MEDUSA_WORKER_MODE = env.MEDUSA_WORKER_MODE
  try {
    return new ConfigManager().loadConfig({
      projectConfig: defineConfig(config as never) as never,
      baseDir: process.cwd(),
      throwOnValidationError: false,
    })
  } finally {
    if (saved === undefined) delete process.env.MEDUSA_WORKER_MODE
    else process.env.MEDUSA_WORKER_MODE = saved
  }
}

const http = {} as never
const redis = {
  resolve: "@medusajs/medusa/locking-redis",
  id: "locking-redis",
  is_default: true,
  options: { redisUrl: "redis://localhost:6379" },
}
const postgres = { resolve: "@medusajs/medusa/locking-postgres", id: "locking-postgres" }
/** The locking module's entry with these providers (typed loosely: defineConfig's types want a module declaration). */
const lockingWith = (...providers: Record<string, unknown>[]) =>
  ({ resolve: "@medusajs/medusa/locking", options: { providers } }) as never

describe("go-live: the locking provider", () => {
  beforeAll(() => jest.spyOn(console, "log").mockImplementation(() => undefined)) // the config loader's "redisUrl not found"
  afterAll(() => jest.restoreAllMocks())

  it("reads Medusa's normalised config: no locking module declared is the in-memory default", () => {
    const config = loaded({ projectConfig: { http } })
    expect((config!.modules as Record<string, unknown>).locking).toEqual({ resolve: "@medusajs/medusa/locking" })
    expect(config!.projectConfig).toMatchObject({ workerMode: "shared" })
    expect(defaultLockingProvider(config!.modules)).toMatchObject({ kind: "in-memory" })
  })

  it("fails a split store (workerMode server or worker, from the config or MEDUSA_WORKER_MODE) on in-memory locking, naming what to configure", () => {
    for (const config of [
      loaded({ projectConfig: { http, workerMode: "server" } }),
      loaded({ projectConfig: { http, workerMode: "worker" } }),
      loaded({ projectConfig: { http } }, { MEDUSA_WORKER_MODE: "worker" }),
      loaded({ projectConfig: { http }, modules: [lockingWith()] }, { MEDUSA_WORKER_MODE: "server" }),
    ]) {
      const v = lockingVerdict(config)
      expect(v.status).toBe("fail")
      expect(v.detail).toMatch(/workerMode "(server|worker)".*in-memory provider.*gateway:payment:<order_no>/)
      expect(v.fix).toContain('resolve: "@medusajs/medusa/locking"')
      expect(v.fix).toContain('"@medusajs/medusa/locking-redis"')
      expect(v.fix).toContain('"@medusajs/medusa/locking-postgres"')
      expect(v.fix).toContain("is_default: true")
    }
  })

  it('from the command (medusa exec sets workerMode "server" for itself) only warns: it cannot tell a split store, the admin page can', () => {
    const v = lockingVerdict(loaded({ projectConfig: { http } }, { MEDUSA_WORKER_MODE: "server" }), "command")
    expect(v.status).toBe("warn")
    expect(v.detail).toContain("The command cannot tell which this store runs")
    expect(v.fix).toMatch(/^Run the check from the admin page.*@medusajs\/medusa\/locking-redis/)
    // A worker mode the config itself sets is the store's: still a failure.
    expect(lockingVerdict(loaded({ projectConfig: { http, workerMode: "worker" } }), "command").status).toBe("fail")
    expect(
      lockingVerdict(
        loaded({ projectConfig: { http, workerMode: "server" }, modules: [lockingWith(redis)] }),
        "command"
      ).status
    ).toBe("pass")
  })

  it("warns a shared store on in-memory locking: right for one instance, wrong for several", () => {
    const v = lockingVerdict(loaded({ projectConfig: { http } }))
    expect(v.status).toBe("warn")
    expect(v.detail).toContain("exactly one Medusa instance")
    expect(v.detail).toContain("wrong as soon as several run")
    expect(v.fix).toMatch(
      /^With one instance, nothing to do\. Before running more than one: .*@medusajs\/medusa\/locking-redis/
    )
    // An unknown MEDUSA_WORKER_MODE leaves workerMode unset: Medusa runs the instance as "shared".
    expect(lockingVerdict(loaded({ projectConfig: { http } }, { MEDUSA_WORKER_MODE: "both" })).status).toBe("warn")
    expect(lockingVerdict(undefined).status).toBe("warn")
  })

  it("passes the Redis or PostgreSQL provider as the default, in any worker mode and either form of modules", () => {
    const forms: InputConfig[] = [
      { projectConfig: { http, workerMode: "server" }, modules: [lockingWith(redis)] },
      // One provider is the default without is_default, as @medusajs/locking does.
      { projectConfig: { http, workerMode: "worker" }, modules: [lockingWith(postgres)] },
      // The older keyed form, with and without resolve.
      { projectConfig: { http, workerMode: "server" }, modules: { [Modules.LOCKING]: lockingWith(redis) } as never },
      {
        projectConfig: { http, workerMode: "server" },
        modules: { [Modules.LOCKING]: { options: { providers: [postgres] } } } as never,
      },
      // Several providers: the one marked is_default.
      {
        projectConfig: { http, workerMode: "worker" },
        modules: [lockingWith({ ...postgres, is_default: false }, redis)],
      },
    ]
    for (const config of forms) {
      const v = lockingVerdict(loaded(config))
      expect(v).toMatchObject({ status: "pass", fix: null })
      expect(v.detail).toMatch(/uses the (Redis|PostgreSQL) provider \(@medusajs\/medusa\/locking-(redis|postgres)/)
    }
    // The repository's own store with REDIS_URL (medusa-config.ts), and a config that skipped defineConfig (an array).
    expect(defaultLockingProvider([{ resolve: "./src/modules/gateway" }, lockingWith(redis)])).toMatchObject({
      kind: "redis",
      name: "@medusajs/medusa/locking-redis",
    })
    expect(defaultLockingProvider([lockingWith(postgres), { resolve: "@medusajs/medusa/payment" }])).toMatchObject({
      kind: "postgres",
    })
  })

  it("takes a provider given as its module object by the identifier of its service", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const redisModule = require("@medusajs/locking-redis")
    expect(defaultLockingProvider({ locking: lockingWith({ resolve: redisModule, id: "r" }) })).toMatchObject({
      kind: "redis",
      name: "locking-redis",
    })
  })

  it("fails several providers none marked is_default: Medusa keeps the in-memory one as the default", () => {
    const config = loaded({
      projectConfig: { http, workerMode: "server" },
      modules: [lockingWith(postgres, { ...redis, is_default: false })],
    })
    expect(defaultLockingProvider(config!.modules)).toMatchObject({ kind: "in-memory" })
    const v = lockingVerdict(config)
    expect(v.status).toBe("fail")
    expect(v.detail).toContain(
      "declares 2 providers (@medusajs/medusa/locking-postgres, @medusajs/medusa/locking-redis) but marks none is_default"
    )
  })

  it("passes a provider Medusa does not ship, saying it is taken to be shared", () => {
    const v = lockingVerdict(
      loaded({
        projectConfig: { http, workerMode: "server" },
        modules: [lockingWith({ resolve: "@acme/locking-etcd", id: "etcd" })],
      })
    )
    expect(v).toMatchObject({
      status: "pass",
      detail: expect.stringContaining("@acme/locking-etcd, which is not one Medusa ships"),
    })
  })

  it("the module's loader warns at boot on a split store only, and leaves migrations alone", async () => {
    const warnings: string[] = []
    const logger = { warn: (m: string) => void warnings.push(m) } as never
    const containerWith = (configModule: unknown) =>
      ({ resolve: (key: string) => (key === "configModule" ? configModule : undefined) }) as never
    await warnUnsharedLocking({ container: containerWith(loaded({ projectConfig: { http } })), logger })
    await warnUnsharedLocking({
      container: containerWith(
        loaded({ projectConfig: { http, workerMode: "server" }, modules: [lockingWith(redis)] })
      ),
      logger,
    })
    await warnUnsharedLocking({
      container: containerWith(loaded({ projectConfig: { http, workerMode: "worker" } })),
      logger,
      dataLoaderOnly: true,
    })
    expect(warnings).toEqual([])
    const split = loaded({ projectConfig: { http, workerMode: "worker" } })
    await warnUnsharedLocking({ container: containerWith(split), logger })
    expect(warnings).toEqual([lockingBootWarning(split)])
    expect(warnings[0]).toMatch(
      /^Card gateway plugin: This instance runs with workerMode "worker".*@medusajs\/medusa\/locking-redis/
    )
    // A server logs it; Medusa's commands that run themselves as a server (exec, user, db:migrate) do not.
    const server = loaded({ projectConfig: { http } }, { MEDUSA_WORKER_MODE: "server" })
    expect(lockingBootWarning(server, ["node", "medusa", "start"])).toMatch(/workerMode "server"/)
    for (const command of [["exec", "./src/scripts/go-live-check.ts"], ["user", "-e", "a@b.c"], ["db:migrate"]]) {
      expect(lockingBootWarning(server, ["node", "medusa", ...command])).toBeNull()
    }
    expect(lockingBootWarning(split, ["node", "medusa", "exec", "script.ts"])).not.toBeNull() // "worker" is never a command's
  })
})
