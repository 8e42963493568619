import { sdk } from "@lib/config"
import { getAuthHeaders } from "@lib/data/cookies"
import { formatMoney } from "@lib/money"
import { OrderPaymentNotice } from "medusa-plugin-card-gateway-storefront"
import { ORDER_PAYMENT_FIELDS } from "medusa-plugin-card-gateway-storefront/core"
import Link from "next/link"

export default async function OrderConfirmed({ params }: { params: Promise<{ countryCode: string; id: string }> }) {
  const { countryCode, id } = await params
  const order = await sdk()
    .store.order.retrieve(
      id,
      { fields: `id,display_id,total,currency_code,email,${ORDER_PAYMENT_FIELDS}` },
      await getAuthHeaders()
    )
    .then((r) => r.order)
    .catch(() => null)
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-6">
      <h1 className="text-xl font-semibold" data-testid="confirmation">
        Order #{order?.display_id ?? id} confirmed
      </h1>
      {order ? (
        <p className="mt-2 text-sm text-gray-600" data-testid="order-total">
          Total {formatMoney(order.total, order.currency_code, countryCode)}
        </p>
      ) : null}
      {/* A payment held for the gateway's risk review: the order is placed, its payment not confirmed yet. */}
      <OrderPaymentNotice order={order} messages={countryCode === "de" ? "de" : "en"} className="mt-2" />
      <Link href={`/${countryCode}`} className="mt-4 inline-block text-sm underline">
        Continue shopping
      </Link>
    </div>
  )
}
