/**
 * The go-live check against the sandbox over real sockets: with the right configuration nothing fails (the
 * sandbox is said plainly); each wrong thing (the sign key, the merchant id, the payout and issuing
 * credentials, an http notify address, a provider in no region) fails or warns in the check that names it,
 * and no key appears anywhere in the report. The admin route answers the store's own configuration, and the
 * command runs as a process (`npx medusa-plugin-card-gateway check`) with its exit code.
 */
import { spawn } from "node:child_process"
import path from "node:path"
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { GATEWAY_PROVIDERS, SeededStore } from "../../scripts/seed-store"
import { runGoLiveChecks } from "../../src/go-live"
import type { GatewayModuleOptions } from "../../src/modules/gateway/options"
import type { GoLiveReport } from "../../src/types/http"
import { useSandbox } from "../helpers/sandbox"
import { seededOnce, freshStore, type RequestHeaders } from "../helpers/fresh-store"

jest.setTimeout(300 * 1000)

const gateway = useSandbox()
const SECRETS = ["sandbox_sign_key", "sandbox_api_key"]

const statuses = (r: GoLiveReport) => Object.fromEntries(r.checks.map((c) => [c.id, c.status]))
const byId = (r: GoLiveReport, id: string) => r.checks.find((c) => c.id === id)!

/** Runs the plugin's command in this repository as a store owner would, against the suite's database. */
function command(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(process.cwd(), "bin/medusa-plugin-card-gateway.js"), "check", ...args],
      {
        cwd: process.cwd(),
        env: { ...process.env, LOG_LEVEL: "error", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      }
    )
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (out += d))
    child.once("error", reject)
    child.once("exit", (code) => resolve({ code, out }))
  })
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const seeded = seededOnce(getContainer)
    let store: SeededStore, admin: RequestHeaders

    beforeEach(async () => ({ store, admin } = await freshStore(gateway, seeded(), getContainer(), api)))

    /** The store's options as a live-ready store would give them: https notify and return addresses. */
    const right = (): GatewayModuleOptions => {
      const o = getContainer().resolve("gateway").moduleOptions()
      return {
        ...o,
        payments: {
          ...o.payments!,
          store_url: "https://api.shop.example",
          return_url: "https://shop.example/checkout/return",
        },
        payout: { ...o.payout!, notify_url: "https://api.shop.example/hooks/gateway/notifications" },
      }
    }
    const check = (options: GatewayModuleOptions) => runGoLiveChecks(getContainer(), options)
    const noSecret = (report: unknown, ...more: string[]) => {
      const text = JSON.stringify(report)
      for (const s of [...SECRETS, ...more]) expect(text).not.toContain(s)
    }

    it("with the right configuration nothing fails, and the sandbox is said plainly", async () => {
      for (const job of ["order_sync", "refund_sync", "subscription_sync"]) {
        expect((await api.post("/admin/gateway/sync-runs", { job }, admin)).data.summary.status).toBe("succeeded")
      }
      const report = await check(right())
      expect(statuses(report)).toEqual({
        environment: "warn",
        "payments.credentials": "pass",
        "payout.credentials": "pass",
        "issuing.credentials": "pass",
        notify_url: "pass",
        "payout.notify_url": "pass",
        return_url: "pass",
        // The check runs without a request here (as the command does): it cannot tell whether a proxy is in front.
        client_address: "warn",
        // This store runs one instance (workerMode "shared") on Medusa's in-memory locking: right for it, not for several.
        locking: "warn",
        regions: "pass",
        "job.order_sync": "pass",
        "job.refund_sync": "pass",
        "job.subscription_sync": "pass",
      })
      expect(report).toMatchObject({
        ok: true,
        environment: "sandbox",
        counts: { pass: 10, warn: 3, fail: 0, skip: 0 },
      })
      expect(byId(report, "environment").detail).toBe(
        `payments.base_url ${gateway.sandbox.url} is the plugin's sandbox (a simulator: no money moves). payout.base_url ${gateway.sandbox.url} is the plugin's sandbox (a simulator: no money moves). issuing.base_url ${gateway.sandbox.url}/api is the plugin's sandbox (a simulator: no money moves).`
      )
      expect(byId(report, "regions").detail).toContain("pp_gateway_card: Europe, Japan, Kuwait, United States")
      expect(byId(report, "job.order_sync").detail).toMatch(
        /^gateway-order-sync is scheduled ".+"; its last run started 0 min ago and succeeded/
      )
      noSecret(report)
      // The checks asked the gateway read-only questions only: an order query per account and a cardholder query.
      expect(gateway.sandbox.stats().byPath).toEqual({ "/v1/retrievalTrans": 2, "/api/cardholder/query": 1 })
    })

    it("names a wrong sign key and a wrong merchant id, and the payout's and issuing's own credentials, never a key", async () => {
      const o = right()
      const wrongKey = await check({ ...o, payments: { ...o.payments!, sign_key: "golive_wrong_sign_key" } })
      expect(byId(wrongKey, "payments.credentials")).toMatchObject({
        status: "fail",
        detail: expect.stringMatching(/^The sign key is wrong: the gateway answered I0013/),
        fix: expect.stringContaining('"payments.sign_key"'),
      })
      expect(wrongKey.ok).toBe(false)
      expect(byId(wrongKey, "payout.credentials").status).toBe("pass") // the payout account has its own key
      noSecret(wrongKey, "golive_wrong_sign_key")

      const wrongMerchant = await check({ ...o, payments: { ...o.payments!, merchant_id: "701009" } })
      expect(byId(wrongMerchant, "payments.credentials")).toMatchObject({
        status: "fail",
        detail: expect.stringMatching(/^The merchant id is wrong: the gateway answered I0404 for merchant_id/),
        fix: expect.stringContaining('"payments.merchant_id"'),
      })

      const wrongOthers = await check({
        ...o,
        payout: { ...o.payout!, sign_key: "golive_wrong_payout_key" },
        issuing: { ...o.issuing!, api_key: "golive_wrong_api_key" },
      })
      expect(byId(wrongOthers, "payout.credentials")).toMatchObject({
        status: "fail",
        detail: expect.stringMatching(/^The sign key is wrong/),
        fix: expect.stringContaining('"payout.sign_key"'),
      })
      expect(byId(wrongOthers, "issuing.credentials")).toMatchObject({
        status: "fail",
        detail: expect.stringMatching(/^The api key is wrong: the issuing API answered code 1002/),
      })
      expect(byId(wrongOthers, "payments.credentials").status).toBe("pass")
      noSecret(wrongOthers, "golive_wrong_payout_key", "golive_wrong_api_key")
    })

    it("warns of an http notify address against the sandbox (which reaches it), naming the option; a sandbox setup passes (the gateway's own fail it: addresses.test.ts)", async () => {
      const o = right()
      const report = await check({ ...o, payments: { ...o.payments!, store_url: "http://api.shop.example" } })
      expect(byId(report, "notify_url")).toMatchObject({
        status: "warn",
        detail:
          "notify_url http://api.shop.example/hooks/gateway/notifications is plain http: the sandbox reaches it, but the gateway sends notifications only to HTTPS addresses.",
        fix: expect.stringContaining('"payments.store_url"'),
      })
      expect(report.ok).toBe(true)
    })

    it("says allow_insecure_http where it is on (a sandbox setup still passes)", async () => {
      const o = right()
      const report = await check({ ...o, payments: { ...o.payments!, allow_insecure_http: true } })
      expect(byId(report, "environment")).toMatchObject({
        status: "warn",
        detail: expect.stringContaining("payments.allow_insecure_http is on: plain http to the gateway is allowed."),
      })
      expect(report.ok).toBe(true)
    })

    it("warns of a sync whose last run found discrepancies, and points to the Reconciliation page", async () => {
      const gatewayModule = getContainer().resolve("gateway")
      const items = [{ order_no: "payses_golive", medusa: "authorized", gateway: "captured" }]
      await gatewayModule.createGatewaySyncRuns({
        job: "refund_sync",
        status: "succeeded",
        started_at: new Date(),
        finished_at: new Date(),
        checked: 3,
        discrepancies: { items },
      })
      const report = await check(right())
      expect(byId(report, "job.refund_sync")).toMatchObject({
        status: "warn",
        detail: expect.stringContaining("it found 1 payment where Medusa and the gateway disagree"),
        fix: expect.stringContaining("Card gateway → Reconciliation"),
      })
    })

    it("warns of a provider enabled in no region, and fails when no region offers the gateway", async () => {
      const regions = Object.values(store.regions)
      const offer = (providers: string[]) =>
        Promise.all(regions.map((id) => api.post(`/admin/regions/${id}`, { payment_providers: providers }, admin)))
      await offer(["pp_system_default", ...GATEWAY_PROVIDERS.filter((p) => p !== "pp_gateway_apm")])
      const one = byId(await check(right()), "regions")
      expect(one).toMatchObject({
        status: "warn",
        detail: expect.stringMatching(/^pp_gateway_apm is enabled in no region/),
        fix: expect.stringContaining("Settings → Regions"),
      })
      expect(one.detail).toContain("pp_gateway_apm: in no region")

      await offer(["pp_system_default"])
      const none = await check(right())
      expect(byId(none, "regions")).toMatchObject({
        status: "fail",
        detail: expect.stringMatching(/^No region offers the gateway's payment providers/),
      })
      expect(none.ok).toBe(false)
    })

    it("reads the locking provider from the store's config: fails a split server/worker store on the in-memory default, passes a shared provider", async () => {
      const config = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE)
      expect(config.projectConfig.workerMode).toBe("shared")
      expect(byId(await check(right()), "locking")).toMatchObject({
        status: "warn",
        detail: expect.stringContaining("in-memory provider (the locking module declares no provider)"),
        fix: expect.stringContaining("@medusajs/medusa/locking-redis"),
      })
      // The same store as a server of a split deployment (MEDUSA_WORKER_MODE=server), then with Redis locking.
      // As the admin route runs it (a request: the server answering it tells its own worker mode).
      const withConfig = (c: typeof config, headers: Record<string, string> | null = { host: "localhost" }) => {
        const scope = getContainer().createScope()
        scope.register(ContainerRegistrationKeys.CONFIG_MODULE, asValue(c))
        return runGoLiveChecks(scope as never, right(), new Date(), headers)
      }
      const server = { ...config, projectConfig: { ...config.projectConfig, workerMode: "server" as const } }
      // The command (no request) runs under medusa exec, which is always a "server": it cannot tell, and warns.
      expect(byId(await withConfig(server, null), "locking")).toMatchObject({
        status: "warn",
        fix: expect.stringContaining("admin page"),
      })
      const split = await withConfig(server)
      expect(byId(split, "locking")).toMatchObject({
        status: "fail",
        detail: expect.stringMatching(
          /^This instance runs with workerMode "server": the store runs separate server and worker processes/
        ),
        fix: expect.stringContaining('"@medusajs/medusa/locking-postgres"'),
      })
      expect(split.ok).toBe(false)
      const redisLocking = {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl: "redis://localhost:6379" },
            },
          ],
        },
      }
      const shared = await withConfig({ ...server, modules: { ...config.modules, locking: redisLocking } })
      expect(byId(shared, "locking")).toMatchObject({
        status: "pass",
        detail: expect.stringContaining("the Redis provider (@medusajs/medusa/locking-redis)"),
      })
    })

    it("GET /admin/gateway/go-live answers the store's own configuration, uncached, for admins only", async () => {
      expect((await api.get("/admin/gateway/go-live").catch((e: any) => e.response)).status).toBe(401)
      const res = await api.get("/admin/gateway/go-live", admin)
      expect(res.status).toBe(200)
      expect(res.headers["cache-control"]).toBe("no-store")
      const report = res.data.report
      // This repository's store: the sandbox, no store_url (no notify_url is sent), a return page on localhost.
      expect(Object.fromEntries(report.checks.map((c: any) => [c.id, c.status]))).toMatchObject({
        environment: "warn",
        "payments.credentials": "pass",
        notify_url: "warn",
        return_url: "warn",
        locking: "warn",
        regions: "pass",
        "job.order_sync": "warn",
      })
      expect(report.checks.find((c: any) => c.id === "notify_url").detail).toContain('"payments.store_url" is not set')
      noSecret(report)
    })

    it("fails the shoppers' address check when the admin's own request came through a proxy and client_ip is not set", async () => {
      const direct = (await api.get("/admin/gateway/go-live", admin)).data.report
      expect(direct.checks.find((c: any) => c.id === "client_address")).toMatchObject({
        status: "pass",
        detail: expect.stringContaining("directly"),
      })
      const proxied = (
        await api.get("/admin/gateway/go-live", { headers: { ...admin.headers, "x-forwarded-for": "203.0.113.7" } })
      ).data.report
      expect(proxied.checks.find((c: any) => c.id === "client_address")).toMatchObject({
        status: "fail",
        detail: expect.stringContaining("through a proxy (they carry x-forwarded-for)"),
        fix: expect.stringContaining("payments.client_ip"),
      })
      expect(proxied.ok).toBe(false)
    })

    it("the command exits 0 when nothing fails (--json: the report) and 1 naming a wrong sign key, without echoing it", async () => {
      const env = {
        DATABASE_URL: dbConfig.clientUrl,
        GATEWAY_BASE_URL: gateway.sandbox.url,
        GATEWAY_STORE_URL: "https://api.shop.example",
        GATEWAY_RETURN_URL: "https://shop.example/checkout/return",
      }
      // --json: one line with the report
      const good = await command(env, ["--json"])
      const line = good.out.split("\n").find((l) => l.startsWith("GO_LIVE "))
      expect(line).toBeTruthy()
      const report: GoLiveReport = JSON.parse(line!.slice("GO_LIVE ".length))
      expect(report).toMatchObject({ ok: true, environment: "sandbox", counts: { fail: 0 } })
      expect(statuses(report)).toMatchObject({
        "payments.credentials": "pass",
        notify_url: "pass",
        return_url: "pass",
        regions: "pass",
      })
      expect(good.code).toBe(0)

      const bad = await command({ ...env, GATEWAY_SIGN_KEY: "golive_cmd_wrong_key" })
      expect(bad.out).toMatch(
        /WARN {2}Gateway address +payments.base_url http:\/\/127\.0\.0\.1:\d+ is the plugin's sandbox/
      )
      expect(bad.out).toMatch(/FAIL {2}Payment account credentials +The sign key is wrong: the gateway answered I0013/)
      expect(bad.out).toContain('Fix: Set "payments.sign_key" to the sign key the gateway issued')
      expect(bad.out).toMatch(
        /\d+ passed, 2 failed, \d+ warnings, 0 skipped: fix the failed checks before going live\./
      )
      expect(bad.out).not.toContain("golive_cmd_wrong_key")
      expect(bad.code).toBe(1)
    })
  },
})
