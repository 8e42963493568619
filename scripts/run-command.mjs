// Runs a command for the repository's scripts (packed-e2e, the storefront kit check, the demo stack): its output is
// collected; it resolves with the output, or rejects with the command, its exit code and the end of its output (all of it as
// the error's `output`). With `background`, it resolves at once with the child (in its own process group, so it
// can be stopped as a whole).
import { spawn } from "node:child_process"

export function runCommand(cmd, args, { cwd, env = {}, background = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: background,
    })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (out += d))
    if (background) return resolve({ child, output: () => out })
    // The error's message ends with the output's end; `output` holds all of it (a caller reading a failed command's
    // report, e.g. the go-live check's exit code 1, needs its start).
    child.on("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(
            Object.assign(new Error(`${cmd} ${args.join(" ")} failed (exit ${code}):\n${out.slice(-4000)}`), {
              output: out,
            })
          )
    )
  })
}
