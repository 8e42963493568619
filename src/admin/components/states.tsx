import { ExclamationCircle, MagnifyingGlass } from "@medusajs/icons"
import { Button, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { errorMessage } from "../lib/format"

/** Skeleton rows while a list or section loads. */
export const LoadingState = ({ rows = 3 }: { rows?: number }) => (
  <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="loading-state">
    {Array.from({ length: rows }, (_, i) => (
      <Skeleton key={i} className="h-5 w-full" />
    ))}
  </div>
)

export const EmptyState = ({ title, description }: { title: string; description?: string }) => (
  <div
    className="flex min-h-[200px] flex-col items-center justify-center gap-y-2 px-6 py-8 text-center"
    data-testid="empty-state"
  >
    <MagnifyingGlass className="text-ui-fg-subtle" />
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    {description && (
      <Text size="small" className="text-ui-fg-muted">
        {description}
      </Text>
    )}
  </div>
)

export const ErrorState = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => (
  <div
    className="flex min-h-[160px] flex-col items-center justify-center gap-y-2 px-6 py-8 text-center"
    data-testid="error-state"
  >
    <ExclamationCircle className="text-ui-fg-error" />
    <Text size="small" weight="plus" leading="compact">
      Could not load the data
    </Text>
    <Text size="small" className="text-ui-fg-muted">
      {errorMessage(error)}
    </Text>
    {onRetry && (
      <Button size="small" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    )}
  </div>
)

/**
 * What a query's section shows: skeleton rows while it loads, then its error (with Try again), then `empty`
 * when given (the caller's empty state, when there is nothing to show), else `children()`.
 */
export const QueryState = ({
  query,
  rows,
  empty,
  children,
}: {
  query: { isLoading: boolean; error: unknown; refetch?: () => unknown }
  rows: number
  empty?: ReactNode
  children: () => ReactNode
}) =>
  query.isLoading ? (
    <LoadingState rows={rows} />
  ) : query.error ? (
    <ErrorState error={query.error} onRetry={query.refetch && (() => void query.refetch!())} />
  ) : (
    empty || children()
  )
