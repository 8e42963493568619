import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowPath } from "@medusajs/icons"
import { Badge, Button } from "@medusajs/ui"
import { SYNC_JOBS } from "../../../../api/admin/gateway/schemas/payments"
import type { AdminGatewaySyncRun } from "../../../../types/http"
import { type Column, DataTable } from "../../../components/data-table"
import { ReleasedPayments } from "../../../components/released-payments"
import { Page, Section } from "../../../components/section"
import { EmptyState, QueryState } from "../../../components/states"
import { GatewayStatusBadge } from "../../../components/status-badges"
import { useReleases } from "../../../hooks/api/releases"
import { useRunSync, useSyncRuns } from "../../../hooks/api/sync-runs"
import { useGatewayAction } from "../../../hooks/use-gateway-action"
import { formatDate } from "../../../lib/format"

type Job = (typeof SYNC_JOBS)[number]
const JOB_LABEL: Record<Job, string> = {
  order_sync: "Order sync",
  refund_sync: "Refund sync",
  subscription_sync: "Subscription sync",
}
const jobLabel = (job: string) => JOB_LABEL[job as Job] ?? job

function duration(run: AdminGatewaySyncRun) {
  if (!run.finished_at) return "-"
  const ms = new Date(run.finished_at).getTime() - new Date(run.started_at).getTime()
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

const RUN_COLUMNS: Column<AdminGatewaySyncRun>[] = [
  { header: "Job", cell: (r) => jobLabel(r.job) },
  { header: "Started", cell: (r) => formatDate(r.started_at) },
  { header: "Duration", cell: duration },
  { header: "Status", cell: (r) => <GatewayStatusBadge status={r.status} /> },
  { header: "Checked", cell: (r) => r.checked, className: "text-right" },
  { header: "Changed", cell: (r) => r.changed, className: "text-right" },
  { header: "Requests", cell: (r) => r.requests, className: "text-right" },
  {
    header: "Discrepancies",
    className: "text-right",
    cell: (r) =>
      r.discrepancies?.items?.length ? (
        <Badge size="2xsmall" color="orange">
          {r.discrepancies.items.length}
        </Badge>
      ) : (
        0
      ),
  },
]

type Discrepancy = { job: string; order_no: string; reason: string; at: string }
const DISCREPANCY_COLUMNS: Column<Discrepancy>[] = [
  { header: "Job", cell: (d) => jobLabel(d.job) },
  { header: "Order no. / payment", cell: (d) => d.order_no, cellClassName: "font-mono" },
  { header: "Reason", cell: (d) => d.reason, cellClassName: "whitespace-normal" },
  { header: "Found", cell: (d) => formatDate(d.at) },
]

/** Unresolved: the discrepancies of each job's latest run (older runs' are superseded by it). */
const Discrepancies = ({ runs, loading }: { runs: AdminGatewaySyncRun[]; loading: boolean }) => {
  const latest = new Map<string, AdminGatewaySyncRun>()
  for (const r of runs) if (!latest.has(r.job) && r.status !== "running") latest.set(r.job, r)
  const open = [...latest.values()].flatMap((r) =>
    (r.discrepancies?.items ?? []).map((d) => ({ ...d, job: r.job, at: r.started_at }))
  )
  return (
    <Section
      testId="discrepancies"
      title="Unresolved discrepancies"
      subtitle="Differences the latest run of each job found and could not resolve by itself."
    >
      {!loading && !open.length ? (
        <EmptyState title="No unresolved discrepancies" />
      ) : (
        <DataTable
          rows={open}
          columns={DISCREPANCY_COLUMNS}
          rowProps={(d, i) => ({ key: `${d.job}-${d.order_no}-${i}` })}
        />
      )}
    </Section>
  )
}

/** The latest payments released (voided or refunded) because they are no order's payment. */
const Releases = () => {
  const releases = useReleases({ limit: 20 })
  const rows = releases.data?.releases ?? []
  return (
    <Section
      testId="released-payments"
      title="Released payments"
      subtitle="Payments the shopper made at the gateway that are no order's payment (a method switched mid-payment, a second payment of a cart, a checkout not completed in time): voided or refunded by the plugin. Refused or unanswered ones need a person: each raises an alert saying what to do."
    >
      <QueryState query={releases} rows={2} empty={!rows.length && <EmptyState title="No released payments" />}>
        {() => <ReleasedPayments releases={rows} />}
      </QueryState>
    </Section>
  )
}

const ReconciliationPage = () => {
  const syncRuns = useSyncRuns(20)
  const runSync = useRunSync()
  const runs = syncRuns.data?.sync_runs ?? []
  const run = useGatewayAction()
  const start = (job: Job) =>
    run(runSync, job, {
      done: ({ summary }) => ({
        title: `${JOB_LABEL[job]} ${summary.status}`,
        description: `Checked ${summary.checked}, changed ${summary.changed}, discrepancies ${summary.discrepancies.length}`,
      }),
      failed: `${JOB_LABEL[job]} failed`,
    })

  return (
    <Page
      testId="sync-runs"
      title="Reconciliation"
      subtitle="The jobs compare Medusa's payments, refunds and subscriptions with the gateway's records and fix what they can."
      actions={SYNC_JOBS.map((job) => (
        <Button
          key={job}
          size="small"
          variant="secondary"
          onClick={() => start(job)}
          isLoading={runSync.isPending && runSync.variables === job}
          data-testid={`run-${job.replace("_", "-")}`}
        >
          <ArrowPath />
          Run {JOB_LABEL[job].toLowerCase()}
        </Button>
      ))}
      after={
        <>
          <Discrepancies runs={runs} loading={syncRuns.isLoading} />
          <Releases />
        </>
      }
    >
      <QueryState
        query={syncRuns}
        rows={4}
        empty={
          !runs.length && (
            <EmptyState
              title="No runs yet"
              description="The jobs run on their schedule; run one now to see its summary."
            />
          )
        }
      >
        {() => (
          <DataTable
            testId="sync-runs-table"
            rows={runs}
            columns={RUN_COLUMNS}
            rowProps={(r) => ({ key: r.id, title: r.error ?? undefined })}
          />
        )}
      </QueryState>
    </Page>
  )
}

export const config = defineRouteConfig({ label: "Reconciliation", icon: ArrowPath, rank: 6 })

export default ReconciliationPage
