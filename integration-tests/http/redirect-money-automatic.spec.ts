/**
 * Automatic capture: every payment path, in both readings of the gateway's paid code, captured at authorisation
 * (a `/v1/capture` the ledger shows), partly refunded and synced, with Medusa and the ledger agreeing to the cent.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { moneyPaths } from "../helpers/money-paths"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(300 * 1000)

const gateway = useSandbox({ GATEWAY_CAPTURE: "automatic", GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: "10000" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    moneyPaths({ api: api as any, getContainer, gateway, capture: "automatic" })
  },
})
