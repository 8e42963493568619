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

/** A kind of profile: the inspector calls that start it, the one whose answer is the profile, its file's ending. */
interface ProfileKind {
  start: [method: string, params?: object][]
  stop: string
  extension: string
}

const CPU: ProfileKind = {
  start: [["Profiler.enable"], ["Profiler.setSamplingInterval", { interval: 200 }], ["Profiler.start"]],
  stop: "Profiler.stop",
  extension: "cpuprofile",
}

const HEAP: ProfileKind = {
  start: [
    ["HeapProfiler.enable"],
    [
      "HeapProfiler.startSampling",
      { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false },
    ],
  ],
  stop: "HeapProfiler.stopSampling",
  extension: "heapprofile",
}

/** Runs `work`, profiled into `dir/name.<extension>` when `dir` is given; returns what `work` returns. */
async function inspected<T>(
  kind: ProfileKind,
  dir: string | undefined,
  name: string,
  work: () => Promise<T>
): Promise<T> {
  if (!dir) return work()
  const session = new Session()
  session.connect()
  for (const [method, params] of kind.start) await post(session, method, params)
  try {
    return await work()
  } finally {
    const { profile } = await post(session, kind.stop)
    session.disconnect()
    const file = path.join(dir, `${name}.${kind.extension}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, JSON.stringify(profile))
    process.stderr.write(`profile: ${file}\n`)
  }
}

/** A CPU profile of `work` (see the top of this file). */
export const profiled = <T>(dir: string | undefined, name: string, work: () => Promise<T>) =>
  inspected(CPU, dir, name, work)

/** A heap profile of what `work` allocated (see the top of this file). */
export const heapProfiled = <T>(dir: string | undefined, name: string, work: () => Promise<T>) =>
  inspected(HEAP, dir, name, work)
