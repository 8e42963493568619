import { Table } from "@medusajs/ui"
import { useNavigate } from "react-router-dom"
import { formatDate } from "../lib/format"
import { type Column, DataTable } from "./data-table"
import { EmptyState, QueryState } from "./states"
import { GatewayStatusBadge } from "./status-badges"

/** The columns most lists end with: the record's status and a date of it. */
export const statusColumn = <T extends { status: string }>(): Column<T> => ({
  key: "status",
  header: "Status",
  cell: (r) => <GatewayStatusBadge status={r.status} />,
})
export const dateColumn = <T,>(key: keyof T & string, header: string): Column<T> => ({
  key,
  header,
  cell: (r) => formatDate(r[key] as string | null),
})

/**
 * A paginated list in Medusa's Table, with loading, error and empty states (a filtered empty list says that
 * nothing matches the filters of `noun`). Rows link to `rowLink(row)`. The page and the query's state come
 * from useListPage's `table`.
 */
export function ListTable<T extends { id: string }>({
  rows,
  columns,
  count,
  pageSize,
  pageIndex,
  onPageChange,
  isLoading,
  error,
  onRetry,
  rowLink,
  noun,
  filtered,
  empty,
  testId,
}: {
  rows: T[] | undefined
  columns: Column<T>[]
  count: number
  pageSize: number
  pageIndex: number
  onPageChange: (pageIndex: number) => void
  isLoading: boolean
  error: unknown
  onRetry?: () => void
  rowLink?: (row: T) => string
  /** What the rows are ("payouts"), for the empty state of a filtered list. */
  noun: string
  filtered: boolean
  /** The empty state of the unfiltered list. */
  empty: { title: string; description: string }
  testId?: string
}) {
  const navigate = useNavigate()
  const pageCount = Math.max(1, Math.ceil(count / pageSize))
  const filteredEmpty = { title: `No ${noun} match these filters`, description: "Change or clear the filters." }
  return (
    <QueryState
      query={{ isLoading: isLoading && !rows, error, refetch: onRetry }}
      rows={5}
      empty={!rows?.length && <EmptyState {...(filtered ? filteredEmpty : empty)} />}
    >
      {() => (
        <div data-testid={testId}>
          <DataTable
            rows={rows!}
            columns={columns}
            rowProps={(row) => ({
              key: row.id,
              className: rowLink ? "cursor-pointer" : undefined,
              onClick: rowLink ? () => navigate(rowLink(row)) : undefined,
              "data-row-id": row.id,
            })}
          />
          <Table.Pagination
            count={count}
            pageSize={pageSize}
            pageIndex={pageIndex}
            pageCount={pageCount}
            canPreviousPage={pageIndex > 0}
            canNextPage={pageIndex + 1 < pageCount}
            previousPage={() => onPageChange(pageIndex - 1)}
            nextPage={() => onPageChange(pageIndex + 1)}
          />
        </div>
      )}
    </QueryState>
  )
}
