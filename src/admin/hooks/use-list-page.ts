import type { UseQueryResult } from "@tanstack/react-query"
import { cleanQuery } from "./api/query-keys"
import { useUrlFilters } from "./use-url-filters"

export const PAGE_SIZE = 20

type Filters<K extends string> = Record<K, string | undefined>

/**
 * A list page's state lives in the URL (`?status=active&email=a@b.co&page=2`), so a filtered page can be
 * linked and reloaded: its filters (`keys`), its page, and the list query made of them (`toQuery` turns the
 * filters into the route's query parameters; by default they are sent as they are).
 */
export function useListPage<K extends string, R extends { count: number }>(
  useList: (query: Record<string, unknown>) => UseQueryResult<R>,
  keys: readonly K[],
  toQuery: (filters: Filters<K>) => Record<string, unknown> = (filters) => filters
) {
  const { filters: values, set } = useUrlFilters<K | "page">([...keys, "page"])
  const { page, ...rest } = values
  const filters = rest as Filters<K>
  const pageIndex = Math.max(0, (Number.parseInt(page ?? "", 10) || 1) - 1)
  const filterQuery = cleanQuery(toQuery(filters))
  const list = useList({ offset: pageIndex * PAGE_SIZE, limit: PAGE_SIZE, ...filterQuery })
  return {
    filters,
    /** A filter's setter; changing a filter goes back to the first page. */
    setFilter: (key: K) => (value: string | undefined) => set({ [key]: value || undefined, page: undefined }),
    /** Whether the list is filtered (an empty list then says so). */
    filtered: Object.keys(filterQuery).length > 0,
    data: list.data,
    /** What ListTable needs: the page, the count and the query's state. */
    table: {
      count: list.data?.count ?? 0,
      pageSize: PAGE_SIZE,
      pageIndex,
      onPageChange: (index: number) => set({ page: index > 0 ? String(index + 1) : undefined }),
      isLoading: list.isLoading,
      error: list.error,
      onRetry: () => void list.refetch(),
    },
  }
}
