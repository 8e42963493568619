// What every case suite's env starts with: the runner's api, container and database, the sandbox, the values the
// suite's beforeEach sets again for each test (read-only here), and then the suite's own helpers.
import { medusaIntegrationTestRunner, type MedusaSuiteOptions } from "@medusajs/test-utils"
import type { useSandbox } from "../helpers/sandbox"

export type Gateway = ReturnType<typeof useSandbox>
/** What a suite's env takes from Medusa's test runner. */
export type SuiteOptions = Pick<MedusaSuiteOptions, "api" | "getContainer" | "dbConnection">

/** A per-test value before the suite's first beforeEach sets it (its key must exist for the env to expose it). */
export const UNSET = undefined as never

export { call } from "../helpers/answer"

/**
 * The env the cases use: `api`, `getContainer`, `dbConnection` and `gateway`; a read-only getter for each key of
 * `perTest` (the object the suite's beforeEach writes, so a case always sees the current test's value); `helpers`.
 */
export function suiteEnv<PerTest extends object, Helpers extends object>(
  { api, getContainer, dbConnection }: SuiteOptions,
  gateway: Gateway,
  perTest: PerTest,
  helpers: Helpers
) {
  const env = { api, getContainer, dbConnection, gateway }
  for (const key of Object.keys(perTest) as (keyof PerTest)[])
    Object.defineProperty(env, key, { enumerable: true, get: () => perTest[key] })
  return Object.assign(env, helpers) as typeof env & Readonly<PerTest> & Helpers
}

/**
 * The spec's one Medusa application (Medusa's test runner boots one per call): its env built once, then each group
 * of cases declared, in this order. With `storeUrl`, first checks that the runner listens there (where the sandbox
 * sends notifications).
 */
export function runCases<Env>(envOf: (options: SuiteOptions) => Env, cases: ((env: Env) => void)[], storeUrl?: string) {
  medusaIntegrationTestRunner({
    testSuite: (options) => {
      if (storeUrl) beforeAll(() => expect((options.api as any).defaults.baseURL).toBe(storeUrl))
      const env = envOf(options)
      for (const declare of cases) declare(env)
    },
  })
}
