/**
 * Where a store process's processor time went during a window of a benchmark: a `node --cpu-prof` profile of the
 * whole process, cut to the samples taken between two `process.hrtime` readings of the benchmark. Both clocks are
 * the machine's monotonic clock (V8's profile timestamps and libuv's hrtime), so no marker is needed in the store.
 * Self time is summed by the area of the code it ran in (AREAS, first match wins).
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Areas of the store's code, by the sampled function's file (or name, for V8's own entries). */
const AREAS: [area: string, test: (url: string, fn: string) => boolean][] = [
  ["idle (waiting for PostgreSQL, the sandbox, the client)", (u, f) => f === "(idle)"],
  ["garbage collection", (u, f) => f === "(garbage collector)"],
  ["MikroORM (Medusa's modules reading and writing)", (u) => u.includes("node_modules/@mikro-orm/")],
  [
    "knex, pg (SQL building, the PostgreSQL protocol)",
    (u) => /node_modules\/(knex|pg|pg-protocol|pg-types|tarn)\//.test(u),
  ],
  ["Medusa's query (remote joins)", (u) => u.includes("node_modules/@medusajs/query/")],
  ["Medusa framework (HTTP, modules, workflows, utils)", (u) => u.includes("node_modules/@medusajs/")],
  ["plugin: gateway client (src/lib/gateway)", (u) => u.includes("/src/lib/gateway/")],
  ["plugin: everything else (src/)", (u) => /\/src\/|^src\//.test(u) && !u.includes("node_modules")],
  [
    "undici, fast-xml-parser, zod (gateway client's libraries)",
    (u) => /node_modules\/(undici|fast-xml-parser|strnum|zod)\//.test(u),
  ],
  ["express and other libraries", (u) => u.includes("node_modules/")],
  ["Node (HTTP server, streams, timers, crypto)", (u) => u.startsWith("node:")],
  ["native (socket writes, JSON, V8)", () => true],
]

/** The single `.cpuprofile` file a `--cpu-prof-dir` holds. */
export function readProfileDir(dir: string): CpuProfile {
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))
  if (files.length !== 1) throw new Error(`${dir} holds ${files.length} CPU profiles, expected 1`)
  return JSON.parse(readFileSync(path.join(dir, files[0]!), "utf8")) as CpuProfile
}

/**
 * Milliseconds of self time per area between `from` and `to` (`process.hrtime.bigint()` readings), divided by
 * `per` (e.g. the requests made in the window), largest first; `total` is the window's length divided the same way.
 */
export function profileWindow(profile: CpuProfile, from: bigint, to: bigint, per: number) {
  const [start, end] = [Number(from / 1000n), Number(to / 1000n)] // µs, as the profile's timestamps
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const byArea = new Map<string, number>()
  let t = profile.startTime
  let sampled = 0
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0
    if (t < start || t > end) return
    // A sample's delta is the time since the one before: the time this one stands for.
    const us = profile.timeDeltas[i] ?? 0
    const frame = frames.get(id) ?? { functionName: "", url: "" }
    const area = AREAS.find(([, test]) => test(frame.url, frame.functionName))![0]
    byArea.set(area, (byArea.get(area) ?? 0) + us)
    sampled += us
  })
  if (!sampled) throw new Error("the CPU profile holds no sample in the window (was the store profiled?)")
  const ms = (us: number) => Number((us / 1000 / per).toFixed(2))
  return {
    window_ms_per_request: ms(end - start),
    sampled_ms_per_request: ms(sampled),
    areas_ms_per_request: Object.fromEntries([...byArea].sort((a, b) => b[1] - a[1]).map(([a, us]) => [a, ms(us)])),
  }
}
