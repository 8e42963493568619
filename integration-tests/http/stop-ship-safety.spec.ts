/**
 * The stop-ship defects, each over real sockets against the sandbox and through Medusa's HTTP API or its
 * workflows: card data never stored or returned on a repeated post; a capture takes exactly its capture's
 * amount; lost and unreadable answers to captures, refunds and payouts are unknown outcomes reconciled by the
 * jobs, never failures and never paid twice; stale and unsigned notification fields change nothing; a
 * gateway record for another amount never authorises; the card route is locked and capped.
 */
import { useSandbox } from "../helpers/sandbox"
import { runCases } from "../cases/suite-env"
import { PER_ADDRESS, PER_SESSION, stopShipEnv } from "../cases/stop-ship-safety/context"
import { cardDataAndCaptureCases } from "../cases/stop-ship-safety/card-data-and-captures"
import { unknownOutcomeCases } from "../cases/stop-ship-safety/unknown-outcomes"
import { notificationFieldCases } from "../cases/stop-ship-safety/notification-fields"
import { amountAndCapCases } from "../cases/stop-ship-safety/amounts-and-caps"

jest.setTimeout(600 * 1000)

// Refunds stay pending at the gateway until settled through its control API.
const gateway = useSandbox(
  { GATEWAY_CARD_ATTEMPTS_PER_SESSION: String(PER_SESSION), GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: String(PER_ADDRESS) },
  { refundDelayMs: 3_600_000 }
)

// A fresh store, shopper and admin before every test. The cases run in this order: the per-address cap's
// test (amounts and caps) runs last, as it spends this address's allowance.
runCases(
  (options) => stopShipEnv(options, gateway),
  [cardDataAndCaptureCases, unknownOutcomeCases, notificationFieldCases, amountAndCapCases]
)
