import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowPath } from "@medusajs/icons"
import { Badge, Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { SYNC_JOBS } from "../../../../api/admin/gateway/schemas/payments"
import type { AdminGatewaySyncRun } from "../../../../types/http"
import { SectionHeader } from "../../../components/page-header"
import { ReleasedPayments } from "../../../components/released-payments"
import { EmptyState, ErrorState, LoadingState } from "../../../components/states"
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

function duration(run: AdminGatewaySyncRun) {
  if (!run.finished_at) return "-"
  const ms = new Date(run.finished_at).getTime() - new Date(run.started_at).getTime()
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

const ReconciliationPage = () => {
  const { data, isLoading, error, refetch } = useSyncRuns(20)
  const runSync = useRunSync()
  const runs = data?.sync_runs ?? []
  // Unresolved: the discrepancies of each job's latest run (older runs' are superseded by it).
  const latest = new Map<string, AdminGatewaySyncRun>()
  for (const r of runs) if (!latest.has(r.job) && r.status !== "running") latest.set(r.job, r)
  const open = [...latest.values()].flatMap((r) =>
    (r.discrepancies?.items ?? []).map((d) => ({ ...d, job: r.job, at: r.started_at }))
  )

  const releases = useReleases({ limit: 20 })
  const releaseRows = releases.data?.releases ?? []

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
    <div className="flex flex-col gap-y-3" data-testid="sync-runs">
      <Container className="divide-y p-0">
        <SectionHeader
          level="h1"
          title="Reconciliation"
          subtitle="The jobs compare Medusa's payments, refunds and subscriptions with the gateway's records and fix what they can."
          actions={
            <>
              {SYNC_JOBS.map((job) => (
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
            </>
          }
        />
        {isLoading ? (
          <LoadingState rows={4} />
        ) : error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : !runs.length ? (
          <EmptyState
            title="No runs yet"
            description="The jobs run on their schedule; run one now to see its summary."
          />
        ) : (
          <Table data-testid="sync-runs-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Job</Table.HeaderCell>
                <Table.HeaderCell>Started</Table.HeaderCell>
                <Table.HeaderCell>Duration</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Checked</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Changed</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Requests</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Discrepancies</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {runs.map((r) => (
                <Table.Row key={r.id} title={r.error ?? undefined}>
                  <Table.Cell>{JOB_LABEL[r.job as Job] ?? r.job}</Table.Cell>
                  <Table.Cell>{formatDate(r.started_at)}</Table.Cell>
                  <Table.Cell>{duration(r)}</Table.Cell>
                  <Table.Cell>
                    <GatewayStatusBadge status={r.status} />
                  </Table.Cell>
                  <Table.Cell className="text-right">{r.checked}</Table.Cell>
                  <Table.Cell className="text-right">{r.changed}</Table.Cell>
                  <Table.Cell className="text-right">{r.requests}</Table.Cell>
                  <Table.Cell className="text-right">
                    {r.discrepancies?.items?.length ? (
                      <Badge size="2xsmall" color="orange">
                        {r.discrepancies.items.length}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
      <Container className="divide-y p-0" data-testid="discrepancies">
        <div className="px-6 py-4">
          <Heading level="h2">Unresolved discrepancies</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Differences the latest run of each job found and could not resolve by itself.
          </Text>
        </div>
        {!isLoading && !open.length ? (
          <EmptyState title="No unresolved discrepancies" />
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Job</Table.HeaderCell>
                <Table.HeaderCell>Order no. / payment</Table.HeaderCell>
                <Table.HeaderCell>Reason</Table.HeaderCell>
                <Table.HeaderCell>Found</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {open.map((d, i) => (
                <Table.Row key={`${d.job}-${d.order_no}-${i}`}>
                  <Table.Cell>{JOB_LABEL[d.job as Job] ?? d.job}</Table.Cell>
                  <Table.Cell className="font-mono">{d.order_no}</Table.Cell>
                  <Table.Cell className="whitespace-normal">{d.reason}</Table.Cell>
                  <Table.Cell>{formatDate(d.at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
      <Container className="divide-y p-0" data-testid="released-payments">
        <div className="px-6 py-4">
          <Heading level="h2">Released payments</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Payments the shopper made at the gateway that are no order's payment (a method switched mid-payment, a
            second payment of a cart, a checkout not completed in time): voided or refunded by the plugin. Refused or
            unanswered ones need a person: each raises an alert saying what to do.
          </Text>
        </div>
        {releases.isLoading ? (
          <LoadingState rows={2} />
        ) : releases.error ? (
          <ErrorState error={releases.error} onRetry={() => releases.refetch()} />
        ) : !releaseRows.length ? (
          <EmptyState title="No released payments" />
        ) : (
          <ReleasedPayments releases={releaseRows} />
        )}
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({ label: "Reconciliation", icon: ArrowPath, rank: 6 })

export default ReconciliationPage
