/** What each test of a suite starts from, made again before every test (Medusa's runner empties the database). */
import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { seedStore } from "../../scripts/seed-store"
import { createAdminHeaders } from "./admin"
import type { useSandbox } from "./sandbox"
import { Shopper } from "./shopper"

type Gateway = ReturnType<typeof useSandbox>
export type RequestHeaders = { headers: Record<string, string> }

function emptySandbox(gateway: Gateway) {
  gateway.sandbox.reset()
  gateway.sandbox.clearFaults()
}

/** The sandbox emptied, with no faults set, and an admin's headers (`createAdminHeaders`' user). */
export async function freshAdmin(gateway: Gateway, container: MedusaContainer, ...user: [email?: string, id?: string]) {
  emptySandbox(gateway)
  return (await createAdminHeaders(container, ...user)) as RequestHeaders
}

/** The sandbox emptied, with no faults set, the store seeded and a guest shopper of it. */
export async function freshShop(gateway: Gateway, container: MedusaContainer, api: unknown) {
  emptySandbox(gateway)
  const store = await seedStore(container)
  return { store, shopper: new Shopper(api as AxiosInstance, store) }
}

/** `freshShop`, and an admin's headers (`adminEmail`, or `createAdminHeaders`' own). */
export async function freshStore(gateway: Gateway, container: MedusaContainer, api: unknown, adminEmail?: string) {
  const shop = await freshShop(gateway, container, api)
  return { ...shop, admin: (await createAdminHeaders(container, adminEmail)) as RequestHeaders }
}
