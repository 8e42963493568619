import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * Runs `run` under one payout's lock. Every read-decide-write of a payout's status goes through it: the create
 * flow's answer, a re-read after a notification and a notification itself can arrive together, and a final
 * status written by one must never be overwritten by another that read the payout before it.
 */
export function withPayoutLock<T>(
  container: Pick<MedusaContainer, "resolve">,
  payoutId: string,
  run: () => Promise<T>
): Promise<T> {
  return container.resolve(Modules.LOCKING).execute(`gateway:payout:${payoutId}`, run, { timeout: 60 })
}
