// What the stop-ship cases share: the card route's caps, each test's fresh store, shopper and admin, and helpers.
import { createAcquiringClient } from "../../../src/lib/gateway"
import { createAdminHeaders } from "../../helpers/admin"
import { CARDS, card, Shopper } from "../../helpers/shopper"
import { seededOnce, type RequestHeaders } from "../../helpers/fresh-store"
import { suiteEnv, UNSET, type Gateway, type SuiteOptions } from "../suite-env"

export type StopShipEnv = ReturnType<typeof stopShipEnv>

/** The card route's caps the suite sets: card posts per payment session, and per client address. */
export const PER_SESSION = 3
export const PER_ADDRESS = 60

/** Registers the suite's beforeEach (the sandbox emptied, a seeded store, a shopper, an admin) and answers the helpers. */
export function stopShipEnv(options: SuiteOptions, gateway: Gateway) {
  const { api, getContainer, dbConnection } = options
  const seeded = seededOnce(getContainer)
  /** This test's guest shopper and admin headers (set by the beforeEach). */
  const each = { shopper: UNSET as Shopper, admin: UNSET as RequestHeaders }

  const signer = () =>
    createAcquiringClient({
      baseUrl: gateway.sandbox.url,
      merchantId: "701001",
      accountId: "701001010",
      signKey: "sandbox_sign_key",
    })
  const stats = async () =>
    (await (await fetch(`${gateway.sandbox.url}/sandbox/stats`)).json()) as { byPath: Record<string, number> }
  const paymentOf = async (sessionId: string) =>
    (await dbConnection.raw("select * from payment where payment_session_id = ? and deleted_at is null", [sessionId]))
      .rows[0]
  const capturesOf = async (paymentId: string) =>
    (await dbConnection.raw("select * from capture where payment_id = ? and deleted_at is null", [paymentId])).rows
  const refundsOf = async (paymentId: string) =>
    (await dbConnection.raw("select * from refund where payment_id = ? and deleted_at is null", [paymentId])).rows

  /** An order paid by card (authorised, not captured); returns its session and Medusa payment. */
  const paidOrder = async () => {
    const { cartId, session } = await each.shopper.cartWithSession("pp_gateway_card")
    const posted = await each.shopper.postCard(session.id, { card: card(CARDS.approve) })
    expect(posted.data.payment_session.status).toBe("authorized")
    const done = await each.shopper.complete(cartId)
    expect(done.data.type).toBe("order")
    return { session, payment: await paymentOf(session.id), order: done.data.order }
  }

  /** Every row of every table, as text. */
  const dumpTables = async () => {
    const tables: { table_name: string }[] = (
      await dbConnection.raw(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
      )
    ).rows
    const out: string[] = []
    for (const { table_name } of tables) {
      const rows: { row: string }[] = (await dbConnection.raw(`select t::text as row from "${table_name}" t`)).rows
      out.push(...rows.map((r) => r.row))
    }
    return out.join("\n")
  }

  beforeEach(async () => {
    gateway.sandbox.reset()
    gateway.sandbox.clearFaults()
    const store = seeded()
    each.shopper = new Shopper(api as any, store)
    each.admin = await createAdminHeaders(getContainer(), `admin-${Date.now()}@gateway.test`)
  })

  return suiteEnv(options, gateway, each, {
    signer,
    stats,
    paymentOf,
    capturesOf,
    refundsOf,
    paidOrder,
    dumpTables,
  })
}
