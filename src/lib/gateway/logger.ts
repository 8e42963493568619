import type { GatewayLogger } from "./http"
import { redact } from "./redact"

/** Something with Medusa's logger methods. */
export interface LineLogger {
  debug?: (m: string) => void
  info: (m: string) => void
  warn: (m: string) => void
  error: (m: string) => void
  /** Whether a level is written (Medusa's logger has it); without it every level is. */
  shouldLog?: (level: string) => boolean
}

/** Wraps a logger so that every line goes through the one redaction function first. */
export function redactingLogger(logger: LineLogger | undefined): GatewayLogger | undefined {
  if (!logger) return undefined
  const line = (m: string) => String(redact(m))
  return {
    debug: (m) => logger.debug?.(line(m)),
    info: (m) => logger.info(line(m)),
    warn: (m) => logger.warn(line(m)),
    error: (m) => logger.error(line(m)),
    // Asked before each line, so a log level changed at run time (setLogLevel) is followed.
    ...(logger.shouldLog ? { enabled: (level) => logger.shouldLog!(level) } : {}),
  }
}
