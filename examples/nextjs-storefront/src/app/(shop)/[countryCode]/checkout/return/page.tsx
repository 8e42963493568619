import ReturnStep from "@components/return-step"

/**
 * /{countryCode}/checkout/return: reached from /api/gateway/return/continue, a same-site hop, so the cart cookie
 * is there; the kit completes the cart through a server action that reads it.
 */
export default async function CheckoutReturn({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-6">
      <h1 className="mb-4 text-xl font-semibold">Payment</h1>
      <ReturnStep countryCode={countryCode} />
    </div>
  )
}
