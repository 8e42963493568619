// What the admin money-safety cases share: the reveal allow-list, each test's admin, and helpers over the sandbox's records.
import { randomUUID } from "node:crypto"
import { freshAdmin, type RequestHeaders } from "../../helpers/fresh-store"
import { trackedGroupAndCardholder } from "../../helpers/issuing"
import { suiteEnv, UNSET, type Gateway, type SuiteOptions } from "../suite-env"

export { call } from "../suite-env"
export type AdminMoneyEnv = ReturnType<typeof adminMoneyEnv>

// Two admin users may reveal (fixed ids, created by the tests), three times an hour each.
export const REVEALERS = ["user_revealer_a", "user_revealer_b"]

/** Registers the suite's beforeEach (the sandbox emptied, the first revealer's admin headers) and answers the helpers. */
export function adminMoneyEnv(options: SuiteOptions, gateway: Gateway) {
  const { api, getContainer } = options
  /** This test's admin headers, the first revealer's (set by the beforeEach). */
  const each = { admin: UNSET as RequestHeaders }

  beforeEach(async () => {
    each.admin = await freshAdmin(gateway, getContainer(), "revealer-a@gateway.test", REVEALERS[0])
  })

  const sb = () => (gateway.sandbox as any).store
  const requests = (path: string) => gateway.sandbox.stats().byPath[path] ?? 0
  const withKey = (key: string, as = each.admin) => ({ headers: { ...as.headers, "Idempotency-Key": key } })
  const audit = async (query: string) =>
    (await api.get(`/admin/gateway/audit?${query}`, each.admin)).data.audit as any[]

  /** The sandbox's group 7001 (USD 10000.00) tracked, and a cardholder. */
  const trackedCardholder = () => trackedGroupAndCardholder(api, each.admin)

  /** `trackedCardholder()`, and a card of theirs charged `amount`. */
  async function trackedCard(amount: string) {
    const { group, cardholder } = await trackedCardholder()
    const created = await api.post(
      "/admin/gateway/cards",
      { cardholder_id: cardholder.id, group_id: group.id, charge_amount: amount },
      withKey(randomUUID())
    )
    return { group, card: created.data.results[0].card }
  }

  return suiteEnv(options, gateway, each, {
    sb,
    requests,
    withKey,
    audit,
    trackedCardholder,
    trackedCard,
  })
}
