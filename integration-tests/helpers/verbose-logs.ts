/**
 * Imported first by suites that inspect what the store logs. Medusa's logger reads LOG_LEVEL and LOG_FILE
 * when it is loaded, so this must run before @medusajs/test-utils is imported: every log line then also goes
 * to a file the suite can read. Console output is copied as well (Medusa prints some errors with console).
 */
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const file = join(mkdtempSync(join(tmpdir(), "gateway-logs-")), "medusa.log")
process.env.LOG_LEVEL = "debug"
process.env.LOG_FILE = file

const consoleLines: string[] = []
for (const level of ["log", "info", "warn", "error", "debug"] as const) {
  const original = console[level].bind(console)
  console[level] = (...args: unknown[]) => {
    consoleLines.push(
      args
        .map((a) => (typeof a === "string" ? a : a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a)))
        .join(" ")
    )
    original(...args)
  }
}

/** Everything logged so far: the log file and the console. Waits briefly for the file transport to flush. */
export async function loggedText(): Promise<string> {
  await new Promise((r) => setTimeout(r, 500))
  let text = ""
  try {
    text = readFileSync(file, "utf8")
  } catch {
    text = ""
  }
  return `${text}\n${consoleLines.join("\n")}`
}
