// What the ghost-payment cases share: the shortened deadlines, each test's fresh store, shopper and admin, and helpers over releases.
import { Modules } from "@medusajs/framework/utils"
import type { SeededStore } from "../../../scripts/seed-store"
import type { Shopper } from "../../helpers/shopper"
import { seededOnce, freshStore, type RequestHeaders } from "../../helpers/fresh-store"
import { suiteEnv, UNSET, type Gateway, type SuiteOptions } from "../suite-env"

export type GhostPaymentsEnv = ReturnType<typeof ghostPaymentsEnv>

// Deadlines short enough to wait for: settling 3 s (the least the shortened timeouts allow), release 10 s.
export const SETTLE_MS = 3000
export const RELEASE_MS = 10_000

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Registers the suite's beforeEach (a fresh store, shopper and admin) and answers the helpers the cases use. */
export function ghostPaymentsEnv(options: SuiteOptions, gateway: Gateway, storeUrl: string) {
  const { api, getContainer, dbConnection } = options
  const seeded = seededOnce(getContainer)
  /** This test's seeded store, guest shopper and admin headers (set by the beforeEach). */
  const each = { store: UNSET as SeededStore, shopper: UNSET as Shopper, admin: UNSET as RequestHeaders }

  beforeEach(async () => Object.assign(each, await freshStore(gateway, seeded(), getContainer(), api)))

  const payments = () => getContainer().resolve(Modules.PAYMENT)
  const sync = async () => (await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, each.admin)).data.summary
  const txOf = async (orderNo: string) => (await gateway.transactions(orderNo)) as any[]
  const releases = async (where: string, value: string) =>
    (await dbConnection.raw(`select * from gateway_release where ${where} = ? and deleted_at is null`, [value]))
      .rows as any[]
  /**
   * Waits `ms`, runs the order sync, and expects `orderNo`'s transaction voided at the gateway (5000) and one release
   * recorded matching `release`, found by that transaction (or by `where`). Answers the transaction.
   */
  const expectReleasedAfter = async (
    ms: number,
    orderNo: string,
    release: Record<string, unknown>,
    where?: [column: string, value: string]
  ) => {
    await sleep(ms)
    await sync()
    const [tx] = await txOf(orderNo)
    expect(tx.payment_status).toBe("5000")
    expect(await releases(...(where ?? ["transaction_id", tx.transaction_id]))).toEqual([
      expect.objectContaining(release),
    ])
    return tx
  }
  const orderOfCart = async (cartId: string): Promise<string | null> => {
    const { data } = await (getContainer().resolve("query") as any).graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: cartId },
    })
    return data[0]?.order_id ?? null
  }
  /** A shopper who starts an APM, comes back with the back button and takes a card session instead. */
  const apmThenCardSession = async () => {
    const { cartId, paymentCollectionId, session } = await each.shopper.cartWithSession("pp_gateway_apm", {
      data: { payment_method: "alipay" },
    })
    const cardSession = await each.shopper.createSession(paymentCollectionId, "pp_gateway_card")
    return { cartId, paymentCollectionId, apm: session, cardSession }
  }
  /** The live payments of an order's collection (not canceled), with the transaction each is. */
  const livePayments = async (collectionId: string) =>
    (await payments().listPayments({ payment_collection_id: collectionId } as never))
      .filter((p: any) => !p.canceled_at)
      .map((p: any) => p.data?.transaction_id)
  /** Notifications lost on the way (their signature broken), as when the gateway cannot reach the store. */
  const loseNotifications = () =>
    fetch(`${gateway.sandbox.url}/sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rules: [{ path: "notifications", fault: "bad_signature" }] }),
    })

  return suiteEnv(options, gateway, each, {
    storeUrl,
    payments,
    sync,
    txOf,
    releases,
    expectReleasedAfter,
    orderOfCart,
    apmThenCardSession,
    livePayments,
    loseNotifications,
  })
}
