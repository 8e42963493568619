import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowPath, CheckCircleSolid, RocketLaunch } from "@medusajs/icons"
import { Badge, Button, Container, StatusBadge, Table, Text } from "@medusajs/ui"
import type { GatewayEnvironment, GoLiveStatus } from "../../../../types/http"
import { SectionHeader } from "../../../components/page-header"
import { ErrorState, LoadingState } from "../../../components/states"
import { useGoLiveReport } from "../../../hooks/api/go-live"
import { formatDate } from "../../../lib/format"

const STATUS: Record<GoLiveStatus, { color: "green" | "red" | "orange" | "grey"; label: string }> = {
  pass: { color: "green", label: "Pass" },
  fail: { color: "red", label: "Fail" },
  warn: { color: "orange", label: "Warning" },
  skip: { color: "grey", label: "Skipped" },
}

const ENVIRONMENT: Record<GatewayEnvironment, { color: "green" | "orange" | "blue"; label: string }> = {
  live: { color: "green", label: "Live gateway" },
  test: { color: "blue", label: "Gateway test environment" },
  sandbox: { color: "orange", label: "Sandbox" },
}

const GoLivePage = () => {
  const { data, isLoading, isFetching, error, refetch } = useGoLiveReport()
  const report = data?.report
  return (
    <Container className="divide-y p-0" data-testid="go-live">
      <SectionHeader
        level="h1"
        title="Go-live check"
        subtitle="Checks the configured gateway now: credentials (by read-only calls), notification and return addresses, regions and sync jobs."
        actions={
          <Button
            size="small"
            variant="secondary"
            onClick={() => refetch()}
            isLoading={isFetching}
            data-testid="go-live-run"
          >
            <ArrowPath />
            Run again
          </Button>
        }
      />
      {isLoading ? (
        <LoadingState rows={8} />
      ) : error || !report ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-6 py-4" data-testid="go-live-summary">
            <Badge size="small" color={ENVIRONMENT[report.environment].color}>
              {ENVIRONMENT[report.environment].label}
            </Badge>
            {report.ok ? (
              <Text size="small" weight="plus" className="text-ui-fg-interactive flex items-center gap-x-1">
                <CheckCircleSolid /> Nothing blocks going live
              </Text>
            ) : (
              <Text size="small" weight="plus" className="text-ui-fg-error">
                {report.counts.fail} {report.counts.fail === 1 ? "check fails" : "checks fail"}: fix{" "}
                {report.counts.fail === 1 ? "it" : "them"} before going live
              </Text>
            )}
            <Text size="small" className="text-ui-fg-subtle">
              {report.counts.pass} passed, {report.counts.warn} warnings, {report.counts.skip} skipped · checked{" "}
              {formatDate(report.checked_at)}
            </Text>
          </div>
          <Table data-testid="go-live-checks">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Check</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
                <Table.HeaderCell>What was found</Table.HeaderCell>
                <Table.HeaderCell>Fix</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.checks.map((c) => (
                <Table.Row key={c.id} data-testid={`go-live-${c.id}`} data-status={c.status}>
                  <Table.Cell className="whitespace-nowrap align-top">{c.title}</Table.Cell>
                  <Table.Cell className="align-top">
                    <StatusBadge color={STATUS[c.status].color}>{STATUS[c.status].label}</StatusBadge>
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal py-2 align-top">{c.detail}</Table.Cell>
                  <Table.Cell className="text-ui-fg-subtle whitespace-normal py-2 align-top">
                    {c.status === "pass" ? "" : (c.fix ?? "")}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "Go-live check", icon: RocketLaunch, rank: 7 })

export default GoLivePage
