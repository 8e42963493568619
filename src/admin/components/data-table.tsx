import { Table } from "@medusajs/ui"
import type { HTMLAttributes, ReactNode } from "react"

/**
 * A column: its header and each row's cell; `className` styles both (e.g. "text-right"), `cellClassName` the
 * cells only (e.g. "font-mono").
 */
export type Column<T> = {
  key?: string
  header: ReactNode
  cell: (row: T, index: number) => ReactNode
  className?: string
  cellClassName?: string
}

/** What a row carries besides its cells: its handlers, title, class and data attributes (test ids). */
type RowProps = Omit<HTMLAttributes<HTMLTableRowElement>, "children"> & { [data: `data-${string}`]: string | undefined }

/** Medusa's Table over `rows`: a header row, then a row each (`rowProps`: its key and what else it carries). */
export function DataTable<T>({
  rows,
  columns,
  rowProps,
  testId,
}: {
  rows: T[]
  columns: Column<T>[]
  rowProps: (row: T, index: number) => { key: string } & RowProps
  testId?: string
}) {
  return (
    <Table data-testid={testId}>
      <Table.Header>
        <Table.Row>
          {columns.map((c, i) => (
            <Table.HeaderCell key={c.key ?? i} className={c.className}>
              {c.header}
            </Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row, index) => {
          const { key, ...props } = rowProps(row, index)
          return (
            <Table.Row key={key} {...props}>
              {columns.map((c, i) => (
                <Table.Cell
                  key={c.key ?? i}
                  className={[c.className, c.cellClassName].filter(Boolean).join(" ") || undefined}
                >
                  {c.cell(row, index)}
                </Table.Cell>
              ))}
            </Table.Row>
          )
        })}
      </Table.Body>
    </Table>
  )
}
