/**
 * The pages of gateway payments and sessions the order and refund syncs read: by keyset (ordered by id,
 * `id > last`), only the columns they use, `PAGE` rows at a time.
 *
 * Read with plain SQL on the payment module's tables when that module shares the app's database connection (the
 * container's PG_CONNECTION, `__pg_connection__`: Medusa gives it to every module declared without its own
 * `database` option, the default). Why: through the module service, MikroORM hydrates and serialises every
 * page into entities, and at 100,000 open payments that garbage was the sync's whole memory peak (+163 MB RSS
 * over the baseline, bench/reconciliation.ts); plain rows keep it within a page's worth. A payment module on a
 * database of its own is read through its service, with the same keyset, columns and page size.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, isSharedConnectionSymbol, Modules } from "@medusajs/framework/utils"
import type { Knex } from "knex"
import { GATEWAY_PROVIDER_IDS } from "../domain"

/** Rows read a page at a time (keyset by id: stable while the run changes what it reads; flat in memory). */
export const PAGE = 500

export interface PaymentRow {
  id: string
  data: Record<string, unknown> | null
  captured_at: Date | string | null
  canceled_at: Date | string | null
  payment_collection_id: string | null
  created_at: Date | string | null
  /** Only when asked for (captures and refunds a stopped process left half-done: ./cut-short.ts). */
  refunds?: ChildRow[]
  captures?: ChildRow[]
}
/** A capture or refund row of a payment. */
export interface ChildRow {
  id: string
  created_at: Date | string | null
  metadata: Record<string, unknown> | null
}
export interface SessionRow {
  id: string
  data: Record<string, unknown> | null
  status: string
}

type Child = "refunds" | "captures"
/** The payment module's table of each child row. */
const CHILD_TABLE: Record<Child, string> = { refunds: "refund", captures: "capture" }

export interface OpenPaymentPages {
  /** How the pages are read: plain SQL on the shared connection, or the payment module's service. */
  readonly source: "sql" | "service"
  /** Gateway payments created since `createdSince`, ids after `after`, `PAGE` at most, by id. */
  payments(after: string, createdSince: string, options?: { with?: Child }): Promise<PaymentRow[]>
  /** Gateway sessions in one of `statuses` created since `createdSince`, ids after `after`, `PAGE` at most, by id. */
  sessions(after: string, createdSince: string, statuses: string[]): Promise<SessionRow[]>
  /**
   * Gateway sessions Medusa holds as authorised or captured that have no payment, created since `createdSince`
   * and last changed before `before`, ids after `after`, `PAGE` at most, by id: the card route authorised them
   * and complete-cart never ran (the shopper left, or the process stopped before it).
   */
  sessionsWithoutPayment(after: string, createdSince: string, before: string): Promise<{ id: string }[]>
  /**
   * Payment collections of gateway payments whose captured or refunded amount is not what their captures and
   * refunds add up to, among those with a capture or refund made since `since` and none after `before` (no live
   * request): Medusa's capture or refund stopped between its records and its recompute. `PAGE` at most. Read
   * with SQL only; through the module's service (a payment module on its own database) none are found.
   */
  staleCollections(since: string, before: string): Promise<string[]>
}

/** Medusa's filter types omit columns its repositories do filter on (provider_id, status). */
const filter = (f: Record<string, unknown>) => f as never

/**
 * The payment module's declaration in medusa-config gives it a `database` of its own, or runs it elsewhere
 * (`scope: "external"`): then its tables are not on PG_CONNECTION. Medusa fills in a `database` for every internal
 * module at boot, the app's own, and marks it with `isSharedConnectionSymbol` (modules-sdk's medusa-app, 2.21.2):
 * a `database` so marked is the shared connection.
 */
export function paymentModuleHasOwnDatabase(container: Pick<MedusaContainer, "resolve">): boolean {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true }) as
    { modules?: Record<string, unknown> } | undefined
  const declared = config?.modules?.[Modules.PAYMENT] as
    { scope?: string; options?: { database?: unknown; [isSharedConnectionSymbol]?: boolean } } | boolean | undefined
  if (typeof declared !== "object" || declared === null) return false
  return (
    declared.scope === "external" ||
    (Boolean(declared.options?.database) && !declared.options?.[isSharedConnectionSymbol])
  )
}

export function openPaymentPages(container: MedusaContainer, paymentModule: IPaymentModuleService): OpenPaymentPages {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION, { allowUnregistered: true }) as Knex | undefined
  if (pg && !paymentModuleHasOwnDatabase(container)) return sqlPages(pg)
  return servicePages(paymentModule)
}

/** Exported for the test that holds both readers to the same answers. */
export function sqlPages(pg: Knex): OpenPaymentPages {
  return {
    source: "sql",
    payments: async (after, createdSince, options) => {
      const payments: PaymentRow[] = await pg("payment")
        .select("id", "data", "captured_at", "canceled_at", "payment_collection_id", "created_at")
        .whereIn("provider_id", [...GATEWAY_PROVIDER_IDS])
        .where("created_at", ">=", createdSince)
        .whereNull("deleted_at")
        .where("id", ">", after)
        .orderBy("id")
        .limit(PAGE)
      const child = options?.with
      if (!child || !payments.length) return payments
      const rows: (ChildRow & { payment_id: string })[] = await pg(CHILD_TABLE[child])
        .select("id", "payment_id", "created_at", "metadata")
        .whereIn(
          "payment_id",
          payments.map((p) => p.id)
        )
        .whereNull("deleted_at")
      for (const p of payments) p[child] = []
      const byId = new Map(payments.map((p) => [p.id, p]))
      for (const { payment_id, ...r } of rows) byId.get(payment_id)?.[child]!.push(r)
      return payments
    },
    sessions: (after, createdSince, statuses) =>
      pg("payment_session")
        .select("id", "data", "status")
        .whereIn("provider_id", [...GATEWAY_PROVIDER_IDS])
        .whereIn("status", statuses)
        .where("created_at", ">=", createdSince)
        .whereNull("deleted_at")
        .where("id", ">", after)
        .orderBy("id")
        .limit(PAGE),
    sessionsWithoutPayment: (after, createdSince, before) =>
      pg("payment_session as s")
        .select("s.id")
        .whereIn("s.provider_id", [...GATEWAY_PROVIDER_IDS])
        .whereIn("s.status", ["authorized", "captured"])
        .where("s.created_at", ">=", createdSince)
        .where("s.updated_at", "<", before)
        .whereNull("s.deleted_at")
        .where("s.id", ">", after)
        .whereNotExists(
          pg("payment as p").select(pg.raw("1")).whereRaw("p.payment_session_id = s.id").whereNull("p.deleted_at")
        )
        .orderBy("s.id")
        .limit(PAGE),
    staleCollections: async (since, before) => {
      const { rows } = await pg.raw<{ rows: { id: string }[] }>(
        `with moved as (
           select p.payment_collection_id as id, max(m.created_at) as last
           from payment p
           join (select payment_id, created_at from capture where deleted_at is null and created_at >= ?
                 union all select payment_id, created_at from refund where deleted_at is null and created_at >= ?) m on m.payment_id = p.id
           where p.provider_id = any(?) and p.deleted_at is null and p.payment_collection_id is not null
           group by p.payment_collection_id
           having max(m.created_at) < ?
         )
         select pc.id from moved join payment_collection pc on pc.id = moved.id
         where pc.deleted_at is null
           and (coalesce(pc.captured_amount, 0) <> (select coalesce(sum(c.amount), 0) from capture c join payment p on p.id = c.payment_id
                  where p.payment_collection_id = pc.id and c.deleted_at is null and p.deleted_at is null)
             or coalesce(pc.refunded_amount, 0) <> (select coalesce(sum(f.amount), 0) from refund f join payment p on p.id = f.payment_id
                  where p.payment_collection_id = pc.id and f.deleted_at is null and p.deleted_at is null))
         limit ${PAGE}`,
        [since, since, [...GATEWAY_PROVIDER_IDS], before]
      )
      return rows.map((r) => r.id)
    },
  }
}

export function servicePages(paymentModule: IPaymentModuleService): OpenPaymentPages {
  const keyset = (after: string) => (after ? { id: { $gt: after } } : {})
  return {
    source: "service",
    payments: async (after, createdSince, options) =>
      (await paymentModule.listPayments(
        filter({ provider_id: GATEWAY_PROVIDER_IDS, created_at: { $gte: createdSince }, ...keyset(after) }),
        {
          select: [
            "id",
            "data",
            "captured_at",
            "canceled_at",
            "payment_collection_id",
            "created_at",
            ...(options?.with ? [`${options.with}.id`, `${options.with}.created_at`, `${options.with}.metadata`] : []),
          ],
          ...(options?.with ? { relations: [options.with] } : {}),
          take: PAGE,
          order: { id: "ASC" },
        }
      )) as unknown as PaymentRow[],
    sessions: async (after, createdSince, statuses) =>
      (await paymentModule.listPaymentSessions(
        filter({
          provider_id: GATEWAY_PROVIDER_IDS,
          status: statuses,
          created_at: { $gte: createdSince },
          ...keyset(after),
        }),
        { select: ["id", "data", "status"], take: PAGE, order: { id: "ASC" } }
      )) as unknown as SessionRow[],
    sessionsWithoutPayment: async (after, createdSince, before) =>
      (
        (await paymentModule.listPaymentSessions(
          filter({
            provider_id: GATEWAY_PROVIDER_IDS,
            status: ["authorized", "captured"],
            created_at: { $gte: createdSince },
            updated_at: { $lt: before },
            ...keyset(after),
          }),
          { select: ["id", "payment.id"], relations: ["payment"], take: PAGE, order: { id: "ASC" } }
        )) as unknown as { id: string; payment?: { id: string } | null }[]
      )
        .filter((s) => !s.payment)
        .map((s) => ({ id: s.id })),
    staleCollections: async () => [],
  }
}
