// Reading the sandbox's ledger: what a transaction holds, whether it ever held or was released, and fetching it.

export const minor = (amount: string | number | null | undefined) => Math.round(Number(amount ?? 0) * 100)

/** payment_status codes of the ledger (sandbox/lib/store.js PS). */
const HELD_CODES = new Set(["1100", "2000", "3000", "4000", "4100", "4200"])

/** What a transaction holds now, in minor units: the authorisation, or what was captured and not given back. */
export function heldMinor(t: any): number {
  if (t.payment_status === "1100" || t.payment_status === "2000") return minor(t.amount)
  if (["3000", "4000", "4100", "4200"].includes(t.payment_status)) {
    return Math.max(
      0,
      minor(t.captured_amount) - minor(t.refunded_amount) - minor(t.pending_refund_amount) - minor(t.chargeback_amount)
    )
  }
  return 0
}

/** Whether the transaction ever held money (review, authorised or captured at some point of its history). */
export function everHeld(t: any): boolean {
  return (t.history ?? []).some((h: any) => HELD_CODES.has(h.payment_status)) || HELD_CODES.has(t.payment_status)
}

/** Released: it held money and holds nothing now, by a void (5000) or a refund of all of it. */
export function releasedHow(t: any): "void" | "refund" | null {
  if (!everHeld(t) || heldMinor(t) > 0) return null
  if (t.payment_status === "5000") return "void"
  if (
    minor(t.captured_amount) > 0 &&
    minor(t.refunded_amount) + minor(t.pending_refund_amount) >= minor(t.captured_amount) - minor(t.chargeback_amount)
  )
    return "refund"
  return null
}

/** A JSON answer of the sandbox's own API. */
export async function sandboxJson(url: string, path: string) {
  const res = await fetch(`${url}${path}`)
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status}`)
  return res.json() as Promise<any>
}

/** The newest transaction of a session (order_no) that ever held money: what a payment without a transaction id stands for. */
export function latestTxOfSession(transactions: any[], orderNo: string): string | null {
  const mine = transactions.filter((t) => t.order_no === orderNo && everHeld(t))
  return mine.length ? mine[mine.length - 1].transaction_id : null
}
