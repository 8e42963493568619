import ReturnStep from "@components/return-step"

/**
 * /{countryCode}/checkout/return: reached from /api/gateway/return/continue, a same-site hop, so the cart cookie
 * is there; the kit completes the cart through a server action that reads it, under its own heading in the
 * shopper's language.
 */
export default async function CheckoutReturn({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-6">
      <ReturnStep countryCode={countryCode} />
    </div>
  )
}
