// The dashboard's figures counted again from the sandbox's ledger alone, and the comparison with the dashboard's.
import { CARDS } from "../../helpers/shopper"

/** The month's test cards, one per brand. */
export const CARD = {
  visa: CARDS.approve,
  mastercard: "5555555555554444",
  amex: "378282246310005",
  discover: "6011111111111117",
  jcb: "3530111333300000",
}
// The test's own reading of the test cards' brands from the ledger's masks (independent of the plugin's table).
const brandOfMask = (mask: string) =>
  mask.startsWith("37")
    ? "amex"
    : mask.startsWith("35")
      ? "jcb"
      : mask.startsWith("6011")
        ? "discover"
        : mask.startsWith("5")
          ? "mastercard"
          : mask.startsWith("4")
            ? "visa"
            : "unknown"
const EXPONENT: Record<string, number> = { USD: 2, EUR: 2, JPY: 0, KWD: 3 }
const minor = (amount: string, currency: string) => {
  const [int, frac = ""] = amount.split(".")
  return BigInt(int! + frac.padEnd(EXPONENT[currency]!, "0"))
}
const decimal = (m: bigint, currency: string) => {
  const e = EXPONENT[currency]!
  if (!e) return m.toString()
  const s = m.toString().padStart(e + 1, "0")
  return `${s.slice(0, -e)}.${s.slice(-e)}`
}

/** The ledger as the sandbox keeps it: its transactions (with their refunds and chargebacks) and hosted pages. */
export type Ledger = { txs: any[]; pages: any[] }
export type Expected = ReturnType<typeof expectedOf>
/** The dashboard's figures as the ledger counts them; `day` maps a session or movement to the day counted (or null: all in one). */
export function expectedOf(
  { txs, pages }: Ledger,
  placed: { session: (orderNo: string) => string; movement: (kind: string, key: string) => string }
) {
  const direct = txs.filter((t) => t.channel === "direct")
  const hostedTx = new Map(txs.filter((t) => t.channel === "hosted").map((t) => [t.transaction_id, t]))
  const approved = (t: any) =>
    t &&
    (t.history.some((h: any) => h.payment_status === "2000") ||
      ["3000", "4000", "4100", "4200"].includes(t.payment_status))
  const declined = (t: any) => t && ["6000", "6100"].includes(t.payment_status)
  type A = { day: string; provider: string; brand: string; currency: string; tx: any | null }
  const attempts: A[] = [
    ...direct.map((t) => ({
      day: placed.session(t.order_no),
      provider: t.payment_method ? "pp_gateway_apm" : "pp_gateway_card",
      brand: t.payment_method ? "unknown" : brandOfMask(t.card),
      currency: t.currency,
      tx: t,
    })),
    ...pages.map((p) => ({
      day: placed.session(p.order_no),
      provider: "pp_gateway_hosted",
      brand: "unknown",
      currency: p.currency,
      tx: p.transaction_id ? hostedTx.get(p.transaction_id) : null,
    })),
  ]
  const counts = (list: A[]) => ({
    attempts: list.length,
    approved: list.filter((a) => approved(a.tx)).length,
    declined: list.filter((a) => declined(a.tx)).length,
    pending: list.filter((a) => !a.tx || a.tx.payment_status === "1000").length,
    review: list.filter((a) => a.tx?.payment_status === "1100").length,
  })
  const by = (key: (a: A) => string) => {
    const groups = new Map<string, A[]>()
    for (const a of attempts) groups.set(key(a), [...(groups.get(key(a)) ?? []), a])
    return Object.fromEntries([...groups].map(([k, list]) => [k, counts(list)]))
  }
  const threeds = (list: A[]) => {
    const started = list.filter((a) => a.tx?.is3ds === "1")
    return {
      started: started.length,
      passed: started.filter((a) => a.tx.threeds_result === "Y").length,
      failed: started.filter((a) => a.tx.threeds_result === "N").length,
      not_finished: started.filter((a) => a.tx.payment_status === "1000").length,
    }
  }
  const completion = (list: A[]) => ({
    started: list.length,
    completed: list.filter((a) => approved(a.tx)).length,
  })
  const declines = new Map<string, number>()
  for (const a of attempts.filter((x) => declined(x.tx)))
    declines.set(a.tx.result_info, (declines.get(a.tx.result_info) ?? 0) + 1)
  // Money: per currency and per day and currency, exact.
  const money = new Map<
    string,
    {
      captured: bigint
      refunded: bigint
      charged_back: bigint
      captures: number
      refunds: number
      chargebacks: number
    }
  >()
  const moneyDays = new Map<string, { captured: bigint; refunded: bigint; charged_back: bigint }>()
  const add = (
    day: string,
    currency: string,
    field: "captured" | "refunded" | "charged_back",
    count: "captures" | "refunds" | "chargebacks",
    amount: string
  ) => {
    const m = money.get(currency) ?? {
      captured: 0n,
      refunded: 0n,
      charged_back: 0n,
      captures: 0,
      refunds: 0,
      chargebacks: 0,
    }
    m[field] += minor(amount, currency)
    m[count] += 1
    money.set(currency, m)
    const d = moneyDays.get(`${day}|${currency}`) ?? { captured: 0n, refunded: 0n, charged_back: 0n }
    d[field] += minor(amount, currency)
    moneyDays.set(`${day}|${currency}`, d)
  }
  for (const t of txs) {
    if (minor(t.captured_amount, t.currency) > 0n)
      add(placed.movement("capture", t.order_no), t.currency, "captured", "captures", t.captured_amount)
    for (const r of t.refunds.filter((x: any) => x.refund_status !== "2"))
      add(placed.movement("refund", r.refund_reference), t.currency, "refunded", "refunds", r.refund_amount)
    if (minor(t.chargeback_amount, t.currency) > 0n)
      add(placed.movement("chargeback", t.order_no), t.currency, "charged_back", "chargebacks", t.chargeback_amount)
  }
  const perDay = (list: A[], day: string) => {
    const of = list.filter((a) => a.day === day)
    const t3 = threeds(of)
    const h = completion(of.filter((a) => a.provider === "pp_gateway_hosted"))
    const p = completion(of.filter((a) => a.provider === "pp_gateway_apm"))
    const { attempts: n, approved: ok, declined: no } = counts(of)
    return {
      attempts: n,
      approved: ok,
      declined: no,
      threeds_started: t3.started,
      threeds_passed: t3.passed,
      threeds_failed: t3.failed,
      hosted_started: h.started,
      hosted_completed: h.completed,
      apm_started: p.started,
      apm_completed: p.completed,
    }
  }
  return {
    attempts,
    totals: counts(attempts),
    threeds: threeds(attempts),
    hosted: completion(attempts.filter((a) => a.provider === "pp_gateway_hosted")),
    apm: completion(attempts.filter((a) => a.provider === "pp_gateway_apm")),
    declines: [...declines]
      .map(([info, count]) => ({ code: info.split(":")[0], message: info.split(":").slice(1).join(":"), count }))
      .sort((a, b) => a.code.localeCompare(b.code)),
    money: [...money]
      .map(([currency, m]) => ({
        currency,
        captured: decimal(m.captured, currency),
        refunded: decimal(m.refunded, currency),
        charged_back: decimal(m.charged_back, currency),
        captures: m.captures,
        refunds: m.refunds,
        chargebacks: m.chargebacks,
      }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    moneyDays: [...moneyDays].map(([k, m]) => ({
      date: k.split("|")[0],
      currency: k.split("|")[1],
      captured: decimal(m.captured, k.split("|")[1]!),
      refunded: decimal(m.refunded, k.split("|")[1]!),
      charged_back: decimal(m.charged_back, k.split("|")[1]!),
    })),
    by: { provider: by((a) => a.provider), card_brand: by((a) => a.brand), currency: by((a) => a.currency) },
    perDay: (day: string) => perDay(attempts, day),
    chargebacks: money.size ? [...money.values()].reduce((s, m) => s + m.chargebacks, 0) : 0,
  }
}
export const pick = (b: any) => ({
  attempts: b.attempts,
  approved: b.approved,
  declined: b.declined,
  pending: b.pending,
  review: b.review,
})
/** The dashboard's figures equal the ledger's. */
export function expectEqual(d: any, e: Expected) {
  expect(pick(d.totals)).toEqual(e.totals)
  expect(d.threeds).toEqual(e.threeds)
  expect([
    d.completion.hosted.started,
    d.completion.hosted.completed,
    d.completion.apm.started,
    d.completion.apm.completed,
  ]).toEqual([e.hosted.started, e.hosted.completed, e.apm.started, e.apm.completed])
  expect([...d.declines].sort((a: any, b: any) => a.code.localeCompare(b.code))).toEqual(e.declines)
  expect(d.money).toEqual(e.money)
  for (const dim of ["provider", "card_brand", "currency"] as const) {
    expect(Object.fromEntries(d.by[dim].map((b: any) => [b.key, pick(b)]))).toEqual(e.by[dim])
  }
  expect(d.chargeback_ratio).toMatchObject({
    chargebacks: e.chargebacks,
    approved: e.totals.approved,
    threshold: 0.125,
  })
  expect(d.chargeback_ratio.ratio).toBeCloseTo(e.chargebacks / e.totals.approved, 12)
}
