/**
 * Profiles of one region of a benchmark (node:inspector), so that a profile shows the timed work only, not the
 * process's boot: a CPU profile (the format of `node --cpu-prof`) and a sampling heap profile (that of
 * `node --heap-prof`) of what was allocated and outlived a young-generation collection, also when a later full
 * collection freed it: the objects that make the heap's peak, not only those alive at the end. Open either in
 * Chrome DevTools or VS Code.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { Session } from "node:inspector"
import path from "node:path"

const post = (session: Session, method: string, params?: object) =>
  new Promise<any>((resolve, reject) =>
    session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res)))
  )

/** Runs `work` between `start` and `stop` (inspector calls) and writes what `stop` answers to `dir/file`. */
async function inspected<T>(
  dir: string,
  file: string,
  start: (s: Session) => Promise<void>,
  stop: (s: Session) => Promise<unknown>,
  work: () => Promise<T>
): Promise<T> {
  const session = new Session()
  session.connect()
  await start(session)
  try {
    return await work()
  } finally {
    const profile = await stop(session)
    session.disconnect()
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, file), JSON.stringify(profile))
    process.stderr.write(`profile: ${path.join(dir, file)}\n`)
  }
}

/** Runs `work`, CPU-profiled into `dir/name.cpuprofile` when `dir` is given; returns what `work` returns. */
export function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work()
  return inspected(
    dir,
    `${name}.cpuprofile`,
    async (s) => {
      await post(s, "Profiler.enable")
      await post(s, "Profiler.setSamplingInterval", { interval: 200 })
      await post(s, "Profiler.start")
    },
    async (s) => (await post(s, "Profiler.stop")).profile,
    work
  )
}

/** Runs `work`, its promoted allocations sampled into `dir/name.heapprofile` when `dir` is given. */
export function heapProfiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work()
  return inspected(
    dir,
    `${name}.heapprofile`,
    async (s) => {
      await post(s, "HeapProfiler.enable")
      await post(s, "HeapProfiler.startSampling", {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: false,
      })
    },
    async (s) => (await post(s, "HeapProfiler.stopSampling")).profile,
    work
  )
}
