import { retrieveCustomer, signOut } from "@lib/data/customer"
import AccountForms from "@components/account-forms"
import Link from "next/link"

export default async function Account({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const customer = await retrieveCustomer()
  return (
    <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-6">
      <h1 className="text-xl font-semibold">Account</h1>
      {customer ? (
        <form action={signOut.bind(null, countryCode)}>
          <p data-testid="account-status">Signed in as {customer.email}</p>
          <button className="mt-2 text-sm underline">Sign out</button>
        </form>
      ) : (
        <AccountForms countryCode={countryCode} />
      )}
      <Link href={`/${countryCode}`} className="text-sm underline" data-testid="back-to-store">
        Back to the store
      </Link>
    </div>
  )
}
