import type { IPaymentModuleService } from "@medusajs/framework/types"
import type { OpenPaymentPages } from "./open-payment-pages"

/**
 * Recomputes a payment collection's authorised, captured and refunded amounts and status the way Medusa's payment
 * module does after its own capture or refund (its `maybeUpdatePaymentCollection_`, @medusajs/payment 2.21.2).
 * A capture or refund cut short by a crash left its record without that recompute; when the sync settles or
 * removes such records, the collection (what the order's payment status is read from) must follow them.
 * Medusa's own method, not a copy of its rule: a store's totals never differ from what Medusa would compute.
 */
export async function recomputePaymentCollection(
  paymentModule: IPaymentModuleService,
  paymentCollectionId: string
): Promise<void> {
  const recompute = (paymentModule as unknown as { maybeUpdatePaymentCollection_?: (id: string) => Promise<void> })
    .maybeUpdatePaymentCollection_
  if (typeof recompute !== "function") {
    throw new Error(
      "the payment module has no maybeUpdatePaymentCollection_ (a Medusa version this plugin does not support): the payment collection's totals were not recomputed"
    )
  }
  await recompute.call(paymentModule, paymentCollectionId)
}

/**
 * Order sync: recomputes the payment collections whose totals are not what their captures and refunds add up to
 * (open-payment-pages.ts `staleCollections`), among those last touched between the run's look-back and the settling
 * deadline. The kill came inside Medusa's own capture or refund, after the provider's answer was recorded and
 * before Medusa's recompute: nothing else would ever correct what the order shows.
 */
export async function recomputeStaleCollections(
  paymentModule: IPaymentModuleService,
  pages: Pick<OpenPaymentPages, "staleCollections">,
  since: string,
  before: string
): Promise<number> {
  const stale = await pages.staleCollections(since, before)
  for (const id of stale) await recomputePaymentCollection(paymentModule, id)
  return stale.length
}
