/**
 * The admin calls that move money are paid once, and the card reveal is guarded (issue 27, part B; review
 * findings H3-1, M3-3, M3-2, L3-4), through Medusa's admin API against the sandbox over real sockets:
 * - payouts, card recharge and withdraw, group refund need an `Idempotency-Key`; the same request twice, a lost
 *   answer retried, two at once, each pays once — checked in the sandbox's own records (its payouts, card and
 *   group balances, its request counts), not only in Medusa's answers; another body under a used key is refused;
 * - the reveal: refused to secret API keys and to users off the allow-list, limited per user, its audit row
 *   written before the gateway is asked (no row, no reveal), the revealed values never in the audit;
 * - every POST of the admin gateway routes takes application/json only (CSRF).
 */
import { useSandbox } from "../helpers/sandbox"
import { runCases } from "../cases/suite-env"
import { adminMoneyEnv, REVEALERS } from "../cases/admin-money-safety/context"
import { payoutCases } from "../cases/admin-money-safety/payouts"
import { balanceCases } from "../cases/admin-money-safety/balances"
import { creationCases } from "../cases/admin-money-safety/creation"
import { revealAndContentTypeCases } from "../cases/admin-money-safety/reveal-and-content-type"

jest.setTimeout(300 * 1000)

// Two admin users may reveal (REVEALERS: fixed ids, created by the tests), three times an hour each.
const gateway = useSandbox({ GATEWAY_REVEAL_PER_USER: "3", GATEWAY_REVEAL_USER_IDS: REVEALERS.join(",") })

// The sandbox emptied and the first revealer's admin headers before every test; the cases run in this order.
runCases(
  (options) => adminMoneyEnv(options, gateway),
  [payoutCases, balanceCases, creationCases, revealAndContentTypeCases]
)
