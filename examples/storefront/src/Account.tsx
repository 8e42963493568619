import type Medusa from "@medusajs/js-sdk"
import { useRef, useState, type FormEvent } from "react"

export interface Customer {
  email: string
}

/** Sign in or create an account (Medusa's customer email/password auth): a signed-in customer can save cards. */
export function Account({ sdk, customer, onChange }: { sdk: Medusa; customer: Customer | null; onChange: (c: Customer | null) => void }) {
  const email = useRef<HTMLInputElement>(null)
  const password = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)

  if (customer) {
    return (
      <p className="muted" data-testid="account-status">
        Signed in as {customer.email}{" "}
        <button
          onClick={async () => {
            await sdk.auth.logout()
            onChange(null)
          }}
        >
          Sign out
        </button>
      </p>
    )
  }

  const submit = async (event: FormEvent, register: boolean) => {
    event.preventDefault()
    setError(null)
    const credentials = { email: email.current?.value ?? "", password: password.current?.value ?? "" }
    try {
      if (register) {
        await sdk.auth.register("customer", "emailpass", credentials)
        await sdk.store.customer.create({ email: credentials.email })
      }
      await sdk.auth.login("customer", "emailpass", credentials)
      const { customer } = await sdk.store.customer.retrieve()
      onChange({ email: customer.email })
    } catch (err) {
      setError((err as Error).message)
    }
  }

  return (
    <details className="card">
      <summary data-testid="account-open">Sign in to save your card</summary>
      <form onSubmit={(e) => submit(e, false)}>
        <label htmlFor="account-email">Email</label>
        <input id="account-email" type="email" ref={email} autoComplete="email" data-testid="account-email" />
        <label htmlFor="account-password">Password</label>
        <input id="account-password" type="password" ref={password} autoComplete="current-password" data-testid="account-password" />
        <button type="submit" data-testid="account-login">
          Sign in
        </button>
        <button type="button" onClick={(e) => submit(e, true)} data-testid="account-register">
          Create account
        </button>
        {error ? <p className="error">{error}</p> : null}
      </form>
    </details>
  )
}
