/**
 * A CPU profile of one region of a benchmark (node:inspector, the format of `node --cpu-prof`; open it in
 * Chrome DevTools or VS Code), so that a profile shows the timed work only, not the process's boot.
 */
import { writeFileSync, mkdirSync } from "node:fs"
import { Session } from "node:inspector"
import path from "node:path"

const post = (session: Session, method: string, params?: object) =>
  new Promise<any>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))))

/** Runs `work`, profiled into `dir/name.cpuprofile` when `dir` is given; returns what `work` returns. */
export async function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work()
  const session = new Session()
  session.connect()
  await post(session, "Profiler.enable")
  await post(session, "Profiler.setSamplingInterval", { interval: 200 })
  await post(session, "Profiler.start")
  try {
    return await work()
  } finally {
    const { profile } = await post(session, "Profiler.stop")
    session.disconnect()
    mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `${name}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    process.stderr.write(`cpu profile: ${file}\n`)
  }
}
