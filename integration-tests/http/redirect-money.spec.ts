/**
 * Manual capture: every payment path, in both readings of the gateway's paid code, captured by staff, partly
 * refunded and synced, with Medusa and the sandbox's ledger agreeing to the cent (helpers/money-paths.ts).
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { moneyPaths } from "../helpers/money-paths"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(300 * 1000)

const gateway = useSandbox({ GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: "10000" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    moneyPaths({ api: api as any, getContainer, gateway, capture: "manual" })
  },
})
