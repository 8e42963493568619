import { Container } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useParams } from "react-router-dom"
import { BackLink } from "./back-link"
import { SectionHeader } from "./page-header"
import { ErrorState, QueryState } from "./states"

/** The id of the record a detail route shows (`/gateway/cards/:id`). */
export const useRouteId = () => useParams().id!

/**
 * A record's page: the link back to its list, then its main section (test id `${noun}-detail`) with loading
 * and error states (a record that is not there is an error). The record is the route's (`useRecord`, its detail
 * query, is given the route's id); `noun` is its key in the detail route's answer ("payout"). Once loaded, the
 * section's header holds `title(record)`, the record's id and `actions(record)`; `children` renders the record
 * below it, `after` the sections below the main one.
 */
export function DetailPage<K extends string, T extends { id: string }>(props: {
  noun: K
  back: { to: string; label: string }
  useRecord: (id: string) => { data?: { [key in K]: T }; isLoading: boolean; error: unknown; refetch: () => unknown }
  title: (record: T) => ReactNode
  actions: (record: T) => ReactNode
  loadingRows?: number
  children: (record: T) => ReactNode
  after?: (record: T) => ReactNode
}) {
  const query = props.useRecord(useRouteId())
  const record = query.data?.[props.noun]
  return (
    <div className="flex flex-col gap-y-3">
      <BackLink to={props.back.to} label={props.back.label} />
      <Container className="divide-y p-0" data-testid={`${props.noun}-detail`}>
        <QueryState
          query={query}
          rows={props.loadingRows ?? 6}
          empty={!record && <ErrorState error="Not found" onRetry={() => query.refetch()} />}
        >
          {() => (
            <>
              <SectionHeader
                level="h1"
                title={props.title(record!)}
                subtitle={record!.id}
                actions={props.actions(record!)}
              />
              {props.children(record!)}
            </>
          )}
        </QueryState>
      </Container>
      {record && props.after?.(record)}
    </div>
  )
}
