/**
 * Virtual-card issuing through the admin API, against the sandbox over a real socket: groups, cardholders,
 * creating and refunding groups, cards (pieces, partial success), the card state rules, revealing a card, the audit, validation and
 * authentication, and that no table or log ever holds a full card number or CVV.
 */
// First: every log line also goes to a file the cards' cases read (before Medusa's logger is loaded).
import "../helpers/verbose-logs"
import { useSandbox } from "../helpers/sandbox"
import { runCases } from "../cases/suite-env"
import { issuingEnv } from "../cases/issuing-admin/context"
import { groupCases } from "../cases/issuing-admin/groups"
import { cardholderCases } from "../cases/issuing-admin/cardholders"
import { cardCases } from "../cases/issuing-admin/cards"

jest.setTimeout(300 * 1000)

const gateway = useSandbox()

// The sandbox emptied and an admin's headers before every test; the cases run in this order.
runCases((options) => issuingEnv(options, gateway), [groupCases, cardholderCases, cardCases])
