import { HandedOrderQueries } from "../handed-order-queries"
import type { TransactionRecord } from "../../lib/gateway"

const record = (order_no: string, transaction_id: string) => ({ order_no, transaction_id }) as TransactionRecord

describe("HandedOrderQueries", () => {
  it("hands an answer on once: the second take asks the gateway", () => {
    const q = new HandedOrderQueries(3000)
    q.hand("payses_1", [record("payses_1", "T1")])
    expect(q.take("payses_1")?.map((r) => r.transaction_id)).toEqual(["T1"])
    expect(q.take("payses_1")).toBeNull()
    expect(q.take("payses_2")).toBeNull()
  })

  it("never hands on an answer older than its time to live", () => {
    let now = 1_000
    const q = new HandedOrderQueries(3000, 10, () => now)
    q.hand("payses_1", [record("payses_1", "T1")])
    now += 3000
    expect(q.take("payses_1")).toBeNull()
  })

  it("keeps the newest answer of an order, and at most maxKeys answers", () => {
    let now = 0
    const q = new HandedOrderQueries(3000, 2, () => now)
    q.hand("a", [record("a", "T1")])
    q.hand("a", [record("a", "T2")])
    q.hand("b", [record("b", "T3")])
    q.hand("c", [record("c", "T4")])
    expect(q.take("a")).toBeNull()
    expect(q.take("b")?.[0]?.transaction_id).toBe("T3")
    expect(q.take("c")?.[0]?.transaction_id).toBe("T4")
  })
})
