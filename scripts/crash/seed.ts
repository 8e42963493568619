/**
 * `medusa exec scripts/crash/seed.ts`: the crash harness's store, seeded as the benchmarks' is (scripts/seed-store.ts),
 * plus an admin secret API key for the driver's admin calls; prints both as one JSON line prefixed `CRASH_SEEDED `.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { seedStore } from "../seed-store"

export default async function seedCrashStore({ container }: { container: MedusaContainer }) {
  const seeded = await seedStore(container)
  const key = await container
    .resolve(Modules.API_KEY)
    .createApiKeys({ title: "crash harness", type: "secret", created_by: "crash-harness" })
  process.stdout.write(`CRASH_SEEDED ${JSON.stringify({ ...seeded, adminToken: key.token })}\n`)
}
