// What the issuing admin cases share: each test's admin, and helpers making groups, cardholders and cards.
import { randomUUID } from "node:crypto"
import { freshAdmin, type RequestHeaders } from "../../helpers/fresh-store"
import { trackedGroupAndCardholder } from "../../helpers/issuing"
import { call, suiteEnv, UNSET, type Gateway, type SuiteOptions } from "../suite-env"

export { call }
export type IssuingEnv = ReturnType<typeof issuingEnv>

/** Registers the suite's beforeEach (the sandbox emptied, an admin's headers) and answers the helpers. */
export function issuingEnv(options: SuiteOptions, gateway: Gateway) {
  const { api, getContainer } = options
  /** This test's admin headers (set by the beforeEach). */
  const each = { admin: UNSET as RequestHeaders }

  beforeEach(async () => {
    each.admin = await freshAdmin(gateway, getContainer())
  })

  /** The sandbox's starting group 7001 (USD 10000.00), tracked, and a cardholder. */
  const setup = () => trackedGroupAndCardholder(api, each.admin, { billing_country: "US", birth_date: "1990-01-31" })

  /** Headers of a new money-moving request (card or group creation, recharge, withdraw, group refund): its own idempotency key. */
  const once = () => ({ headers: { ...each.admin.headers, "Idempotency-Key": randomUUID() } })

  async function createCards(body: Record<string, unknown>) {
    return call(api.post("/admin/gateway/cards", body, once()))
  }
  /** Cards of `cardholder` in `group` (as `setup()` makes them): the rest of the body in `body`. */
  async function cardsOf(
    { cardholder, group }: { cardholder: { id: string }; group: { id: string } },
    body: Record<string, unknown>
  ) {
    return createCards({ cardholder_id: cardholder.id, group_id: group.id, ...body })
  }

  async function audit(query: string) {
    return (await api.get(`/admin/gateway/audit?${query}`, each.admin)).data.audit as any[]
  }

  return suiteEnv(options, gateway, each, {
    setup,
    once,
    createCards,
    cardsOf,
    audit,
  })
}
