"use client"
import { gatewayCompleteCart } from "@lib/data/gateway"
import { GatewayReturn } from "medusa-plugin-card-gateway-storefront"
import { useRouter } from "next/navigation"

export default function ReturnStep({ countryCode }: { countryCode: string }) {
  const router = useRouter()
  return (
    <GatewayReturn
      complete={gatewayCompleteCart}
      onOrder={(order) => router.replace(`/${countryCode}/order/${order.id}/confirmed`)}
      payAgain={`/${countryCode}/checkout?step=payment`}
      messages={countryCode === "de" ? "de" : "en"}
    />
  )
}
