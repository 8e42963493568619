import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { checkAlerts } from "../alerts"

/**
 * Raises the alerts of what needs a person (src/alerts) in the admin's notification feed. One check at a time
 * across instances (the lock); a second instance skips, and the alerts' keys keep each one single anyway.
 */
export default async function gatewayAlerts(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const locking = container.resolve(Modules.LOCKING)
  const key = "gateway:alerts"
  const ownerId = `alerts:${process.pid}:${Date.now()}`
  try {
    await locking.acquire(key, { ownerId, expire: 300 })
  } catch {
    return // another instance is checking
  }
  try {
    const { sent } = await checkAlerts(container)
    if (sent) logger.info(`Gateway alerts: ${sent} sent`)
  } catch (err) {
    logger.error(`Gateway alerts: the check failed: ${(err as Error).message}`)
  } finally {
    await locking.release(key, { ownerId }).catch(() => undefined)
  }
}

export const config = {
  name: "gateway-alerts",
  // Every 5 minutes unless GATEWAY_ALERTS_SCHEDULE (a cron expression) says otherwise.
  schedule: process.env.GATEWAY_ALERTS_SCHEDULE || "*/5 * * * *",
}
