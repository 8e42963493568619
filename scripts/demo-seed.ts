/**
 * `medusa exec ./scripts/demo-seed.ts <out.json>`: seeds the demo store once (regions, products, shipping,
 * publishable key) and writes what the scripted shopper needs to <out.json>.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { writeFileSync } from "node:fs"
import { seedStore } from "./seed-store"

export default async function demoSeed({ container, args }: ExecArgs) {
  const out = args[0]
  if (!out) throw new Error("usage: medusa exec ./scripts/demo-seed.ts <out.json>")
  const seeded = await seedStore(container)
  writeFileSync(out, JSON.stringify(seeded, null, 2))
}
