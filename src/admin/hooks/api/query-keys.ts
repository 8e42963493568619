/** Query keys of the plugin's resources: [resource, "list", query] and [resource, "detail", id]. */
export const queryKeys = (resource: string) => ({
  all: [resource] as const,
  lists: () => [resource, "list"] as const,
  list: (query?: Record<string, unknown>) => [resource, "list", query ?? {}] as const,
  detail: (id: string) => [resource, "detail", id] as const,
})
export type QueryKeys = ReturnType<typeof queryKeys>

/** Drops undefined and empty values so they are not sent as query parameters. */
export function cleanQuery(query: Record<string, unknown> = {}): Record<string, any> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ""))
}
