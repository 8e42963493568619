import { useQuery } from "@tanstack/react-query"
import type { AdminGatewayDashboardQuery } from "../../../api/admin/gateway/schemas/dashboard"
import type { AdminGatewayDashboardResponse, Json } from "../../../types/http"
import { sdk } from "../../lib/sdk"
import { cleanQuery, queryKeys } from "./query-keys"

export const dashboardKeys = queryKeys("gateway_dashboard")

/** The payments dashboard of a period and filters; the previous figures stay shown while new ones load. */
export const usePaymentsDashboard = (query: Partial<Record<keyof AdminGatewayDashboardQuery, string>>) =>
  useQuery({
    queryKey: dashboardKeys.list(query),
    queryFn: () =>
      sdk.client.fetch<Json<AdminGatewayDashboardResponse>>("/admin/gateway/dashboard", { query: cleanQuery(query) }),
    placeholderData: (previous) => previous,
  })
