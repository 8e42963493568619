import type { IPaymentModuleService } from "@medusajs/framework/types"

/**
 * Recomputes a payment collection's authorised, captured and refunded amounts and status the way Medusa's payment
 * module does after its own capture or refund (its `maybeUpdatePaymentCollection_`, @medusajs/payment 2.21.2).
 * A capture or refund cut short by a crash left its record without that recompute; when the sync settles or
 * removes such records, the collection (what the order's payment status is read from) must follow them.
 * Medusa's own method, not a copy of its rule: a store's totals never differ from what Medusa would compute.
 */
export async function recomputePaymentCollection(paymentModule: IPaymentModuleService, paymentCollectionId: string): Promise<void> {
  const recompute = (paymentModule as unknown as { maybeUpdatePaymentCollection_?: (id: string) => Promise<void> }).maybeUpdatePaymentCollection_
  if (typeof recompute !== "function") {
    throw new Error("the payment module has no maybeUpdatePaymentCollection_ (a Medusa version this plugin does not support): the payment collection's totals were not recomputed")
  }
  await recompute.call(paymentModule, paymentCollectionId)
}
