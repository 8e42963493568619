/**
 * Sends alerts through Medusa's Notification Module: to the "feed" channel, which Medusa's admin shows in its
 * notification drawer (template "admin-ui", data { title, description }, `to` "" for every admin user, as
 * Medusa's own imports and exports do), and to each channel of the `alerts` option (e.g. "email" to `to`).
 *
 * Once per event: each notification carries the idempotency key `gateway-alert:<alert key>[:<channel>]`, which
 * the Notification Module keeps unique, so an alert found again (by the next check, or by another Medusa
 * instance at the same moment) is never sent twice. Medusa 2.21's feed shows no link, so the description ends
 * with the admin page, which `data.url` holds too.
 *
 * Never throws: an alert that cannot be sent is logged and tried again by the next check.
 */
import type { INotificationModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { redact } from "../lib/gateway"
import type { AlertRules } from "../modules/gateway/options"
import type { Alert } from "./kinds"

export const FEED_CHANNEL = "feed"
/** The template Medusa's own admin notifications use; the dashboard renders data.title and data.description. */
export const FEED_TEMPLATE = "admin-ui"

const idempotencyKey = (alert: Alert, channel: string) =>
  `gateway-alert:${alert.key}${channel === FEED_CHANNEL ? "" : `:${channel}`}`

/** The admin page's address: a path under the admin ("/app/..."), absolute when the `alerts.admin_url` option is set. */
export function alertUrl(alert: Alert, rules: AlertRules, adminPath = "/app"): string {
  const base = (rules.admin_url ?? adminPath).replace(/\/+$/, "")
  return `${base}${alert.path}`
}

/** What each channel gets for one alert. */
function notificationsOf(alert: Alert, rules: AlertRules, adminPath: string) {
  const url = alertUrl(alert, rules, adminPath)
  const common = {
    trigger_type: `gateway.alert.${alert.kind}`,
    resource_type: alert.resource?.type ?? null,
    resource_id: alert.resource?.id ?? null,
  }
  const data = { title: alert.title, description: `${alert.description}\nOpen: ${url}`, url, kind: alert.kind }
  return [
    {
      ...common,
      to: "",
      channel: FEED_CHANNEL,
      template: FEED_TEMPLATE,
      data,
      idempotency_key: idempotencyKey(alert, FEED_CHANNEL),
    },
    ...rules.channels.map((channel) => ({
      ...common,
      to: rules.to ?? "",
      channel,
      template: rules.template,
      data: { ...data, subject: alert.title },
      idempotency_key: idempotencyKey(alert, channel),
    })),
  ]
}

/** Sends the alerts not sent before; answers how many notifications were created. */
export async function sendAlerts(container: MedusaContainer, alerts: Alert[]): Promise<number> {
  if (!alerts.length) return 0
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const rules = container.resolve("gateway").alertRules()
  const adminPath =
    (container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as { admin?: { path?: string } }).admin?.path || "/app"
  let notifications: INotificationModuleService
  try {
    notifications = container.resolve(Modules.NOTIFICATION)
  } catch {
    logger.warn("Gateway alerts: the Notification Module is not loaded, so alerts cannot reach the admin's feed")
    return 0
  }
  const wanted = alerts.flatMap((a) => notificationsOf(a, rules, adminPath))
  const sent = new Set<string>()
  for (let i = 0; i < wanted.length; i += 200) {
    const keys = wanted.slice(i, i + 200).map((n) => n.idempotency_key)
    for (const n of await notifications.listNotifications({ idempotency_key: keys } as never, {
      select: ["idempotency_key", "status"],
      take: keys.length,
    })) {
      // A failed send is tried again: the Notification Module sends it once more under the same key.
      if (n.status !== "failure") sent.add(String((n as { idempotency_key?: string }).idempotency_key))
    }
  }
  let created = 0
  for (const n of wanted) {
    if (sent.has(n.idempotency_key)) continue
    try {
      await notifications.createNotifications(n)
      created++
    } catch (err) {
      // Another instance sent it meanwhile (the key is unique), or the channel's provider failed: the next check
      // finds it sent, or tries again.
      logger.warn(
        String(
          redact(`Gateway alert ${n.idempotency_key} on channel "${n.channel}" was not sent: ${(err as Error).message}`)
        )
      )
    }
  }
  return created
}
