/**
 * `medusa exec bench/medusa/seed-store.ts`: seeds the benchmark store with scripts/seed-store.ts and prints
 * the seeded ids (publishable key, regions, shipping option, variants) as one JSON line prefixed `SEEDED `.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { seedStore } from "../../scripts/seed-store"

export default async function seedBenchStore({ container }: { container: MedusaContainer }) {
  const seeded = await seedStore(container)
  process.stdout.write(`SEEDED ${JSON.stringify(seeded)}\n`)
}
