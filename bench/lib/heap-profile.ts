/**
 * A sampling heap profile of one region of a benchmark (node:inspector; the format of `node --heap-prof`, open
 * it in Chrome DevTools), counting what was allocated and lived through a young-generation collection, also when
 * a later full collection freed it: the objects that make the heap's peak, not only those still alive at the end.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { Session } from "node:inspector"
import path from "node:path"

const post = (session: Session, method: string, params?: object) =>
  new Promise<any>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))))

/** Runs `work`, its promoted allocations sampled into `dir/name.heapprofile` when `dir` is given. */
export async function heapProfiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work()
  const session = new Session()
  session.connect()
  await post(session, "HeapProfiler.enable")
  await post(session, "HeapProfiler.startSampling", { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false })
  try {
    return await work()
  } finally {
    const { profile } = await post(session, "HeapProfiler.stopSampling")
    session.disconnect()
    mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `${name}.heapprofile`)
    writeFileSync(file, JSON.stringify(profile))
    process.stderr.write(`heap profile: ${file}\n`)
  }
}
