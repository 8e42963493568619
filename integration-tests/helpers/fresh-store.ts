/**
 * What each test of a suite starts from. Medusa's runner snapshots the database at the suite's first test, after the
 * suite's beforeAll hooks, and restores that snapshot before every test: a store seeded in a beforeAll
 * (`seededOnce`) is therefore there again, with the same ids, at the start of every test, without seeding it again.
 */
import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { seedStore, type SeededStore } from "../../scripts/seed-store"
import { createAdminHeaders } from "./admin"
import type { useSandbox } from "./sandbox"
import { Shopper } from "./shopper"

type Gateway = ReturnType<typeof useSandbox>
export type RequestHeaders = { headers: Record<string, string> }

/**
 * Seeds the suite's store once, in a beforeAll (call it at the top of the runner's `testSuite`), and answers a
 * getter of it for the tests and their beforeEach hooks.
 */
export function seededOnce(getContainer: () => MedusaContainer): () => SeededStore {
  let store: SeededStore | undefined
  beforeAll(async () => {
    store = await seedStore(getContainer())
  })
  return () => {
    if (!store) throw new Error("seededOnce: the store is read in a test or a hook after the suite's beforeAll")
    return store
  }
}

function emptySandbox(gateway: Gateway) {
  gateway.sandbox.reset()
  gateway.sandbox.clearFaults()
}

/** The sandbox emptied, with no faults set, and an admin's headers (`createAdminHeaders`' user). */
export async function freshAdmin(gateway: Gateway, container: MedusaContainer, ...user: [email?: string, id?: string]) {
  emptySandbox(gateway)
  return (await createAdminHeaders(container, ...user)) as RequestHeaders
}

/** The sandbox emptied, with no faults set, and a guest shopper of the suite's seeded store. */
export function freshShop(gateway: Gateway, store: SeededStore, api: unknown) {
  emptySandbox(gateway)
  return { store, shopper: new Shopper(api as AxiosInstance, store) }
}

/** `freshShop`, and an admin's headers (`adminEmail`, or `createAdminHeaders`' own). */
export async function freshStore(
  gateway: Gateway,
  store: SeededStore,
  container: MedusaContainer,
  api: unknown,
  adminEmail?: string
) {
  const shop = freshShop(gateway, store, api)
  return { ...shop, admin: (await createAdminHeaders(container, adminEmail)) as RequestHeaders }
}
