import { Text, clx } from "@medusajs/ui"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { formatDate } from "../lib/format"

/** A label/value row of a detail section, as in Medusa's own detail pages. */
export const SectionRow = ({ title, value, testId }: { title: string; value?: ReactNode; testId?: string }) => {
  const empty = value === undefined || value === null || value === ""
  return (
    <div className="text-ui-fg-subtle grid w-full grid-cols-2 items-center gap-4 px-6 py-4" data-testid={testId}>
      <Text size="small" weight="plus" leading="compact">
        {title}
      </Text>
      {typeof value === "string" || typeof value === "number" || empty ? (
        <Text
          size="small"
          leading="compact"
          className={clx("whitespace-pre-line text-pretty break-all", { "text-ui-fg-muted": empty })}
        >
          {empty ? "-" : value}
        </Text>
      ) : (
        // min-w-0: a grid cell never grows past its column, so long values wrap instead of running off the card.
        <div className="flex min-w-0 flex-wrap gap-1">{value}</div>
      )}
    </div>
  )
}

/** A row whose value links to another page of the plugin. */
export const LinkRow = ({ title, to, label }: { title: string; to: string; label: ReactNode }) => (
  <SectionRow
    title={title}
    value={
      <Link to={to} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
        {label}
      </Link>
    }
  />
)

/**
 * The times of a record the gateway keeps (a card, cardholder, group): when it was last read from the gateway,
 * and when it was recorded here (`created`, the row's title).
 */
export const SyncedRows = ({
  record,
  created = "Created",
}: {
  record: { last_synced_at: string | null; created_at: string }
  created?: string
}) => (
  <>
    <SectionRow title="Last synced" value={formatDate(record.last_synced_at)} />
    <SectionRow title={created} value={formatDate(record.created_at)} />
  </>
)
