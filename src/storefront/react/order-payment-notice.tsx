"use client"
/**
 * For an order confirmation page: says that the order's gateway payment is held for risk review (nothing when it
 * is not). The page keeps showing its own payment details when Medusa has a payment; this fills the gap before.
 */
import { orderPaymentNotice, type OrderPaymentView } from "../order-payment.js"
import { useLook, type LookProps } from "./appearance.js"

export interface OrderPaymentNoticeProps extends LookProps {
  /** The store order, retrieved with `ORDER_PAYMENT_FIELDS` among its fields. */
  order: OrderPaymentView | null | undefined
}

export function OrderPaymentNotice(props: OrderPaymentNoticeProps) {
  const { m, cls } = useLook(props, "order-payment")
  if (orderPaymentNotice(props.order) !== "under_review") return null
  return (
    <div className={cls("root")}>
      <p className={cls("status")} role="status" data-testid="gateway-payment-under-review">
        {m.paymentUnderReview}
      </p>
    </div>
  )
}
