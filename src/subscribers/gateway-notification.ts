import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { processGatewayNotification } from "../reconciliation"

/** Processes each stored gateway notification after the route acknowledged it. */
export default async function gatewayNotificationHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await processGatewayNotification(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "gateway.notification.received",
}
