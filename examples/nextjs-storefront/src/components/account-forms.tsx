"use client"
import { login, signUp } from "@lib/data/customer"
import { useActionState } from "react"

const input = "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"

export default function AccountForms({ countryCode }: { countryCode: string }) {
  const [loginError, loginAction] = useActionState(login.bind(null, countryCode), null)
  const [signUpError, signUpAction] = useActionState(signUp.bind(null, countryCode), null)
  const form = (action: (f: FormData) => void, error: string | null, label: string, id: string) => (
    <form action={action} className="space-y-2" data-testid={`${id}-form`}>
      <label className="block text-sm">
        Email
        <input name="email" type="email" autoComplete="email" required className={input} data-testid={`${id}-email`} />
      </label>
      <label className="block text-sm">
        Password
        <input name="password" type="password" required className={input} data-testid={`${id}-password`} />
      </label>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      <button
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white"
        data-testid={`${id}-submit`}
      >
        {label}
      </button>
    </form>
  )
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {form(loginAction, loginError, "Sign in", "login")}
      {form(signUpAction, signUpError, "Create account", "register")}
    </div>
  )
}
