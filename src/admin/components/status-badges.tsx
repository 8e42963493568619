import { StatusBadge } from "@medusajs/ui"
import { humanize, titleCase } from "../lib/format"

type Color = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const COLORS: Record<string, Color> = {
  // payouts
  COMPLETED: "green",
  PROCESSING: "blue",
  PENDING: "orange",
  UNKNOWN: "orange",
  FAILED: "red",
  // cards, cardholders, groups
  active: "green",
  blocked: "orange",
  closed: "grey",
  deleted: "grey",
  // gateway payment states
  authorized: "blue",
  captured: "green",
  partially_refunded: "orange",
  refunded: "grey",
  review: "orange",
  held: "orange",
  approved: "green",
  rejected: "red",
  declined: "red",
  failed: "red",
  canceled: "grey",
  voided: "grey",
  pending: "orange",
  unknown: "orange",
  charged_back: "red",
  // disputes
  open: "orange",
  won: "green",
  lost: "red",
  // subscriptions (and pending, active above)
  cancelled: "grey",
  ended: "grey",
  // sync runs
  succeeded: "green",
  running: "blue",
  // released payments (reconciliation/release.ts)
  released: "green",
  releasing: "blue",
  nothing_held: "grey",
  kept: "blue",
  refused: "red",
}

/** A status as the Medusa admin shows one: a coloured dot and the humanised value. */
export const GatewayStatusBadge = ({ status, label }: { status?: string | null; label?: string }) => {
  if (!status) return <span className="text-ui-fg-muted">-</span>
  return <StatusBadge color={COLORS[status] ?? "grey"}>{label ?? humanize(status)}</StatusBadge>
}

/** A payout's status: its capitals shown as a word ("Processing"). */
export const PayoutStatusBadge = ({ status }: { status: string }) => (
  <GatewayStatusBadge status={status} label={titleCase(status)} />
)
