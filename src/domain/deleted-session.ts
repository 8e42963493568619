/**
 * What is kept of a payment session Medusa deleted (the module's `gateway_deleted_session`): enough for notifications
 * and the order sync to release whatever the gateway holds, or will hold, for its order number
 * (src/reconciliation/deleted-sessions.ts). Medusa hard-deletes the session's row right after the provider's
 * deletePayment, and passes it only the session's data.
 */
import type { GatewaySessionData } from "./session-data"

export interface DeletedSessionInput {
  order_no: string
  method: string
  amount: string
  currency: string
  payment_collection_id: string | null
  /** The session's current and earlier transactions. */
  transaction_ids: string[]
  state: string | null
}

export interface DeletedSessionStore {
  keepDeletedSession(input: DeletedSessionInput): Promise<void>
}

/** The record of a deleted session from its data and its payment collection. */
export function deletedSessionOf(data: GatewaySessionData, paymentCollectionId: string | null): DeletedSessionInput {
  return {
    order_no: data.order_no,
    method: data.method,
    amount: data.amount,
    currency: data.currency,
    payment_collection_id: paymentCollectionId,
    transaction_ids: [
      ...new Set([...data.superseded_transaction_ids, ...(data.transaction_id ? [data.transaction_id] : [])]),
    ],
    state: data.gateway_state ?? null,
  }
}
