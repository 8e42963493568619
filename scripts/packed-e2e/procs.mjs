// Child processes of the packed-plugin check: each runs in its own process group (so stopping it also stops
// what `npx`/`medusa` start under it), is remembered until it exits, and is stopped by `stopAll()` (on success,
// failure, Ctrl-C or the overall timeout). Only processes started here are ever signalled, by their ids.
import { spawn } from "node:child_process"
import { createWriteStream } from "node:fs"
import { createServer } from "node:net"

const live = new Set()

/**
 * Runs a command to its end. Answers its output; rejects with the command and the tail of its output.
 * `logFile`: also write the output there.
 */
export function run(cmd, args, { cwd, env = {}, logFile } = {}) {
  return new Promise((resolve, reject) => {
    const child = start(cmd, args, { cwd, env, logFile })
    child.once("error", reject)
    child.once("exit", (code, signal) => {
      if (code === 0) resolve(child.output())
      else reject(new Error(`\`${cmd} ${args.join(" ")}\` failed (${signal ?? `exit ${code}`}) in ${cwd}:\n${tail(child.output())}`))
    })
  })
}

/** Starts a long-running command; answers the child (with `output()`), which `stopAll()` stops. */
export function background(cmd, args, { cwd, env = {}, logFile } = {}) {
  return start(cmd, args, { cwd, env, logFile })
}

function start(cmd, args, { cwd, env, logFile }) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true })
  let out = ""
  const file = logFile ? createWriteStream(logFile, { flags: "a" }) : null
  const take = (d) => {
    out += d
    if (out.length > 200_000) out = out.slice(-100_000)
    file?.write(d)
  }
  child.stdout.on("data", take)
  child.stderr.on("data", take)
  child.output = () => out
  live.add(child)
  child.once("exit", () => {
    live.delete(child)
    file?.end()
  })
  child.once("error", () => live.delete(child))
  return child
}

export function tail(text, chars = 4000) {
  return text.length > chars ? `...${text.slice(-chars)}` : text
}

/** Waits until `child` printed a line matching `re` (answers the match) or exited (rejects). */
export function waitForOutput(child, re, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no ${re} in its output within ${ms / 1000} s:\n${tail(child.output())}`)), ms)
    const check = () => {
      const m = re.exec(child.output())
      if (m) done(null, m)
    }
    const onExit = (code, signal) => done(new Error(`exited (${signal ?? `exit ${code}`}) before printing ${re}:\n${tail(child.output())}`))
    function done(err, m) {
      clearTimeout(timer)
      child.stdout.off("data", check)
      child.stderr.off("data", check)
      child.off("exit", onExit)
      if (err) reject(err)
      else resolve(m)
    }
    child.stdout.on("data", check)
    child.stderr.on("data", check)
    child.once("exit", onExit)
    check()
  })
}

/** Polls `url` until it answers 2xx; fails early when `child` exits. */
export async function waitForUrl(url, ms, child) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (child && (child.exitCode !== null || child.signalCode)) {
      throw new Error(`the process exited (${child.signalCode ?? `exit ${child.exitCode}`}) before ${url} answered:\n${tail(child.output())}`)
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s${child ? `:\n${tail(child.output())}` : ""}`)
}

/** Stops every process started here that is still running: SIGTERM to its group, SIGKILL after `graceMs`. */
export async function stopAll(graceMs = 10_000) {
  const children = [...live]
  const signal = (child, sig) => {
    try {
      process.kill(-child.pid, sig)
    } catch {
      try {
        child.kill(sig)
      } catch {
        // already gone
      }
    }
  }
  for (const child of children) signal(child, "SIGTERM")
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode) return resolve()
          const timer = setTimeout(() => {
            signal(child, "SIGKILL")
            resolve()
          }, graceMs)
          child.once("exit", () => {
            clearTimeout(timer)
            // The group may still hold grandchildren that ignored SIGTERM.
            signal(child, "SIGKILL")
            resolve()
          })
        })
    )
  )
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Synchronous last resort (process "exit"): SIGKILL to the group of every process started here still running. */
export function killAllNow() {
  for (const child of live) {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {
      // already gone
    }
  }
}
