import { Container } from "@medusajs/ui"
import type { ReactNode } from "react"
import { BackLink } from "./back-link"
import { ErrorState, LoadingState } from "./states"

/**
 * A detail page: the link back to its list, then its main section with loading and error states (a record
 * that is not there is an error); `children` renders the record, `after` the sections below it.
 */
export function DetailPage<T>(props: {
  back: { to: string; label: string }
  testId: string
  record: T | undefined
  query: { isLoading: boolean; error: unknown; refetch: () => unknown }
  loadingRows?: number
  children: (record: T) => ReactNode
  after?: (record: T) => ReactNode
}) {
  const { record, query } = props
  return (
    <div className="flex flex-col gap-y-3">
      <BackLink to={props.back.to} label={props.back.label} />
      <Container className="divide-y p-0" data-testid={props.testId}>
        {query.isLoading ? (
          <LoadingState rows={props.loadingRows ?? 6} />
        ) : query.error || !record ? (
          <ErrorState error={query.error ?? "Not found"} onRetry={() => query.refetch()} />
        ) : (
          props.children(record)
        )}
      </Container>
      {record && props.after?.(record)}
    </div>
  )
}
