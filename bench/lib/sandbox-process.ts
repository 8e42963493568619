/**
 * The gateway sandbox in its own process (`node sandbox/bin.js`), so that its work does not share the
 * benchmark's event loop; resolves once it printed its "listening on" line.
 */
import { spawn } from "node:child_process"
import path from "node:path"

export interface SandboxProcess {
  url: string
  stats(): Promise<{ total: number; byPath: Record<string, number> }>
  reset(): Promise<void>
  close(): Promise<void>
}

export function startSandboxProcess(flags: string[] = []): Promise<SandboxProcess> {
  const bin = path.join(__dirname, "../../sandbox/bin.js")
  const child = spawn(process.execPath, [bin, "--port", "0", "--quiet", ...flags], {
    stdio: ["ignore", "pipe", "inherit"],
  })
  return new Promise((resolve, reject) => {
    let out = ""
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code} before listening`)))
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8")
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (!m) return
      child.removeAllListeners("exit")
      child.stdout!.removeAllListeners("data")
      child.stdout!.resume()
      const url = m[1]!
      resolve({
        url,
        stats: async () => (await fetch(`${url}/sandbox/stats`)).json(),
        reset: async () => void (await fetch(`${url}/sandbox/reset`, { method: "POST" })),
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done()
            child.once("exit", () => done())
            child.kill("SIGTERM")
          }),
      })
    })
  })
}
