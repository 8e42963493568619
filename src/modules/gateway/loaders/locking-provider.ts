/**
 * Warns at boot when this instance belongs to a store split into server and worker processes (workerMode "server"
 * or "worker") while Medusa's locking module keeps its in-memory provider: the payment lock that serialises the
 * card post (servers) with notifications and the sync jobs (workers) then holds inside one process only. The same
 * rule as the go-live check's "locking" check (src/go-live/locking.ts), which fails such a store; a store of one
 * instance (workerMode "shared") is not warned here, nor a Medusa command that runs itself as a "server" (`medusa
 * exec`, the go-live command, `medusa user`, `medusa db:migrate`).
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { lockingBootWarning, type LockingConfig } from "../../../go-live/locking"

export default async function warnUnsharedLocking({ container, logger, dataLoaderOnly }: LoaderOptions): Promise<void> {
  if (dataLoaderOnly) return
  const config = container.resolve("configModule", { allowUnregistered: true }) as LockingConfig
  const warning = lockingBootWarning(config)
  if (!warning) return
  const log = logger ?? (container.resolve("logger", { allowUnregistered: true }) as LoaderOptions["logger"]) ?? console
  log.warn(warning)
}
