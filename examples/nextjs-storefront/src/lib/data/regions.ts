import "server-only"
import type { HttpTypes } from "@medusajs/types"
import { sdk } from "../config"

export async function listRegions(): Promise<HttpTypes.StoreRegion[]> {
  return (await sdk().store.region.list({ fields: "id,name,currency_code,*countries" })).regions
}

export async function regionOf(countryCode: string) {
  return (await listRegions()).find((r) => r.countries?.some((c) => c.iso_2 === countryCode)) ?? null
}
