/** Issuing set-ups shared by the admin suites. */
import type { AxiosInstance } from "axios"
import type { RequestHeaders } from "./fresh-store"

/**
 * Tracks the sandbox's starting group 7001 (USD 10000.00) and creates a cardholder, Ada Lovelace
 * (ada@example.com) with `fields` added, through the admin API; answers both records.
 */
export async function trackedGroupAndCardholder(
  api: AxiosInstance,
  admin: RequestHeaders,
  fields: Record<string, unknown> = {}
) {
  const group = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)).data.group
  const cardholder = (
    await api.post(
      "/admin/gateway/cardholders",
      { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", ...fields },
      admin
    )
  ).data.cardholder
  return { group, cardholder }
}
