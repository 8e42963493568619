/**
 * The wire map: the ONE place where the library's field names and values become the gateway's, and back.
 *
 * The library names every field as `interface.md`, the public docs' samples or `docs/gateway-contract.md`
 * do. Where a name or a value is [assumed] (see "Wire audit" in docs/gateway-contract.md), a merchant whose
 * gateway differs overrides it from the options, without a code change:
 *
 *   fieldNames:  { [operation]: { [our field path]: "gateway's name" } }
 *   fieldValues: { [operation]: { [our field path]: "constant" | null | { [our value]: "gateway's value" | [...] } } }
 *
 * - A field path is a name (`platform_source`), a nested name (`beneficiary.bank_details.swift_code`) or a
 *   name inside the entries of a list (`capture_orders[].amount`, `orders_list[].payment_status`), always
 *   in OUR names. A rename renames the last segment only (rename the parent with its own entry).
 * - Operations are the client's (`authorise`, `capture`, ..., `cardQuery`), or their paths (`/v1/capture`);
 *   `payment` stands for `authorise`, `apm` and `checkout` together (an entry for one of them wins).
 *   Notifications are `notification` and `payoutNotification`.
 * - One table per operation serves its request AND its answer: a field the gateway spells differently is
 *   spelt so both ways. Requests: renamed just before encoding (after signing: signature field lists use our
 *   names, so they keep working). Answers: renamed back as soon as they are read (the direct payment's XML
 *   answer: every element of that name).
 * - Values: a text is the constant sent for that field (whatever the caller passed); null leaves the field
 *   out; an object translates: our value → the gateway's (the first, when a list is given) in requests, and
 *   any listed gateway value → ours in JSON answers and notifications. Values are applied BEFORE signing (the
 *   gateway signs what it receives). Constants never apply to answers. The direct payment's XML answer is
 *   renamed, never translated: its `order_status` is read through `statusCodes.orderStatus`, and its values
 *   are signed.
 */
import { compileWireTables, FieldNamesOption, FieldValuesOption, KeyTable, WireMapSpec } from "./wire-map-compile"
import { copy, forEachParent, isObj, mapLeafValue, Obj, renameKey } from "./wire-paths"

export type {
  FieldNameMap,
  FieldNamesOption,
  FieldValueMap,
  FieldValueRule,
  FieldValuesOption,
  WireMapSpec,
} from "./wire-map-compile"
export { parseFieldPath } from "./wire-paths"

/** Resolved field names and values of one client; see the file comment. */
export class WireMap<K extends string = string> {
  readonly #tables: Map<K, KeyTable>

  private constructor(tables: Map<K, KeyTable>) {
    this.#tables = tables
  }

  /** A map that changes nothing (no option given). */
  static identity<K extends string>(): WireMap<K> {
    return new WireMap<K>(new Map())
  }

  /** Validates the options (GatewayOptionsError naming `fieldNames.op.field`) and compiles them. */
  static compile<K extends string>(
    spec: WireMapSpec<K>,
    fieldNames: FieldNamesOption | undefined,
    fieldValues: FieldValuesOption | undefined
  ): WireMap<K> {
    return new WireMap<K>(compileWireTables(spec, fieldNames, fieldValues))
  }

  /** True when nothing is overridden for `key` (requests and answers pass through untouched). */
  isIdentity(key: K): boolean {
    const t = this.#tables.get(key)
    return !t || (t.renames.length === 0 && t.constants.length === 0 && t.translations.length === 0)
  }

  /** The gateway's name of one of our top-level fields (itself when not renamed). */
  wireName(key: K, field: string): string {
    const r = this.#tables.get(key)?.renames.find((x) => x.parents.length === 0 && x.leaf.name === field)
    return r ? r.wire : field
  }

  /**
   * The gateway's names of every field (any operation, any depth) whose name of ours passes `test`: redaction
   * uses them, so that a field renamed on the wire (`security_code` → `cvn2`) is hidden in logs under both names.
   */
  wireNamesOf(test: (ourName: string) => boolean): string[] {
    const names = new Set<string>()
    for (const t of this.#tables.values()) for (const r of t.renames) if (test(r.leaf.name)) names.add(r.wire)
    return [...names]
  }

  /** Our name of a top-level field the gateway names `wire` (itself when not renamed). */
  ourName(key: K, wire: string): string {
    const r = this.#tables.get(key)?.renames.find((x) => x.parents.length === 0 && x.wire === wire)
    return r ? r.leaf.name : wire
  }

  /** Request, step 1 (before signing): constants, omissions and value translations. Returns a copy. */
  requestValues<T extends Obj>(key: K, body: T): T {
    const t = this.#tables.get(key)
    if (!t || (t.constants.length === 0 && t.translations.length === 0)) return body
    const out = copy(body)
    for (const c of t.constants) {
      forEachParent(out, c.parents, (o) => {
        if (c.value === null) delete o[c.leaf.name]
        else o[c.leaf.name] = c.value
      })
    }
    for (const tr of t.translations) {
      forEachParent(out, tr.parents, (o) => {
        if (o[tr.leaf.name] !== undefined) o[tr.leaf.name] = mapLeafValue(o[tr.leaf.name], tr.leaf, tr.toWire)
      })
    }
    return out
  }

  /** Request, step 2 (after signing, before encoding): our names → the gateway's. Returns a copy. */
  requestNames<T extends Obj>(key: K, body: T): Obj {
    const t = this.#tables.get(key)
    if (!t || t.renames.length === 0) return body
    const out = copy(body) as Obj
    // deepest first: parents are still found by our names while their children are renamed
    for (const r of [...t.renames].reverse()) {
      forEachParent(out, r.parents, (o) => renameKey(o, r.leaf.name, r.wire))
    }
    return out
  }

  /** Answer names only: the gateway's names → ours (e.g. before a signature is checked). Returns a copy. */
  answerNames<T>(key: K, data: T): T {
    const t = this.#tables.get(key)
    if (!t || t.renames.length === 0 || !isObj(data)) return data
    const out = copy(data) as Obj
    // shallowest first: a renamed parent is found by our name when its children are renamed
    for (const r of t.renames) forEachParent(out, r.parents, (o) => renameKey(o, r.wire, r.leaf.name))
    return out as T
  }

  /** A JSON answer or a notification: names back to ours, then the gateway's values back to ours. */
  answer<T>(key: K, data: T): T {
    const t = this.#tables.get(key)
    if (!t || !isObj(data)) return data
    const out = this.answerNames(key, data) as unknown as Obj
    if (t.translations.length === 0) return out as T
    const target = out === (data as unknown) ? copy(out) : out
    for (const tr of t.translations) {
      forEachParent(target, tr.parents, (o) => {
        if (o[tr.leaf.name] !== undefined) o[tr.leaf.name] = mapLeafValue(o[tr.leaf.name], tr.leaf, tr.toOurs)
      })
    }
    return target as T
  }

  /** An XML answer: every element named as the gateway names one of ours is renamed (values untouched). */
  answerXml(key: K, xml: string): string {
    const t = this.#tables.get(key)
    if (!t || t.renames.length === 0) return xml
    const back = new Map<string, string>()
    for (const r of t.renames) back.set(r.wire, r.leaf.name)
    const names = [...back.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRe)
      .join("|")
    const re = new RegExp(`<(/?)(${names})(?=[\\s/>])`, "g")
    return xml.replace(re, (_m, slash: string, name: string) => `<${slash}${back.get(name) ?? name}`)
  }

  /** The text answer of a gateway (JSON or XML) with names and values back to ours; unreadable text is left as is. */
  answerText(key: K, text: string, opts: { xml?: boolean } = {}): string {
    if (this.isIdentity(key)) return text
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch {
      return opts.xml ? this.answerXml(key, text) : text
    }
    if (!isObj(data)) return text
    return JSON.stringify(this.answer(key, data))
  }

  /** A 4xx error body `{ code, source, message }`: `source` back to our name (nothing else changes). */
  errorText(key: K, text: string): string {
    if (this.isIdentity(key)) return text
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch {
      return text
    }
    if (!isObj(data) || typeof data.source !== "string") return text
    const ours = this.ourName(key, data.source)
    return ours === data.source ? text : JSON.stringify({ ...data, source: ours })
  }
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}
