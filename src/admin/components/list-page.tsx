import type { ReactNode } from "react"
import { Outlet, useLocation } from "react-router-dom"
import type { useListPage } from "../hooks/use-list-page"
import { humanize } from "../lib/format"
import { CreateLink } from "./create-route"
import { FilterSelect } from "./filter-select"
import type { Column } from "./data-table"
import { ListTable } from "./list-table"
import { Section } from "./section"

/**
 * A list page: its heading with the button to its create route (if it has one) and its other `actions`, its
 * filters (every list filters by status, its values humanised unless `label` says otherwise, then by its own
 * `filters`), the paginated table of `list` (useListPage) and the create route (`@create`, or another child
 * form) over it when open. `noun` is the key of the records in the list's answer ("payouts"); each row opens
 * the record's page below this one.
 */
export function ListPage<K extends string, T extends { id: string }>({
  noun,
  title,
  subtitle,
  create,
  actions,
  statuses,
  filters,
  list,
  empty,
  columns,
}: {
  noun: K
  title: string
  subtitle: string
  create?: { testId: string; label?: string }
  actions?: ReactNode
  statuses: { values: readonly string[]; label?: (status: string) => string; testId?: string }
  filters?: ReactNode
  list: Pick<ReturnType<typeof useListPage>, "table" | "filtered"> & {
    data?: { [key in K]: T[] }
    filters: { status?: string }
    setFilter: (key: "status") => (value: string | undefined) => void
  }
  empty: { title: string; description: string }
  columns: Column<T>[]
}) {
  const { pathname } = useLocation()
  return (
    <Section
      level="h1"
      title={title}
      subtitle={subtitle}
      actions={
        (actions || create) && (
          <>
            {actions}
            {create && <CreateLink testId={create.testId}>{create.label}</CreateLink>}
          </>
        )
      }
    >
      <div className="flex flex-wrap items-center gap-2 px-6 py-4">
        <FilterSelect
          value={list.filters.status}
          onChange={list.setFilter("status")}
          placeholder="All statuses"
          options={statuses.values.map((s) => ({ value: s, label: (statuses.label ?? humanize)(s) }))}
          testId={statuses.testId}
        />
        {filters}
      </div>
      <ListTable<T>
        {...list.table}
        filtered={list.filtered}
        rows={list.data?.[noun]}
        rowLink={(row) => `${pathname}/${row.id}`}
        testId={`${noun}-table`}
        noun={noun}
        empty={empty}
        columns={columns}
      />
      <Outlet />
    </Section>
  )
}
