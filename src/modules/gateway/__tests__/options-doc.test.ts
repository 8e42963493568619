/**
 * The option tables of docs/install-and-options.md against the schemas the store's options are validated with.
 * A store owner reads that page, not the code: an option added to a schema without a row there would exist for
 * nobody, and a row left behind by a removed option would be refused at boot. So every key of every schema must
 * be a row of its part's table, every row must name a key of the schema, and a nested option
 * (`timeouts.connect_ms`, `issuing.reveal.per_user`) must be named in its parent's row.
 *
 * The schemas are the ones validateModuleOptions checks each part with (MODULE_OPTION_SCHEMAS): a part added to the
 * module without a table there fails.
 */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { MODULE_OPTION_SCHEMAS, validateModuleOptions } from "../options"

const DOC = "docs/install-and-options.md"
const doc = readFileSync(resolve(__dirname, "../../../..", DOC), "utf8")

/** The heading of each part's table in the doc. */
const HEADINGS: Record<string, string> = {
  payments: "Provider options (`payments`)",
  notifications: "`notifications`",
  alerts: "`alerts`",
  dashboard: "`dashboard`",
  reconciliation: "`reconciliation`",
  issuing: "`issuing`",
  payout: "`payout`",
}

/** A zod schema as far as this test reads it (zod 4's `def`). */
interface SchemaDef {
  def: { type: string; shape?: Record<string, SchemaDef>; innerType?: SchemaDef }
}

/** The keys of an object schema (through optional, nullable and default wrappers); null for anything else. */
function shapeOf(schema: SchemaDef): Record<string, SchemaDef> | null {
  let s = schema
  while (s.def.innerType && ["optional", "nullable", "default"].includes(s.def.type)) s = s.def.innerType
  return s.def.type === "object" && s.def.shape ? s.def.shape : null
}

/** Every key below an option: `timeouts` → connect_ms, headers_ms, ...; `status_codes` → order_status, approved, ... */
function nestedKeys(schema: SchemaDef): string[] {
  return Object.entries(shapeOf(schema) ?? {}).flatMap(([key, child]) => [key, ...nestedKeys(child)])
}

/**
 * The rows of the table under `heading`: each option named in a row's first cell (in backticks; a cell may name
 * several, e.g. "`channels`, `to`") → the whole row.
 */
function tableUnder(heading: string): Map<string, string> {
  const lines = doc.split("\n")
  const start = lines.findIndex((l) => /^#{2,4} /.test(l) && l.replace(/^#+ /, "").trim() === heading)
  if (start < 0) throw new Error(`${DOC} has no heading "${heading}"`)
  const rows = new Map<string, string>()
  for (let i = start + 1; i < lines.length && !/^#{1,4} /.test(lines[i]); i++) {
    if (!lines[i].startsWith("|")) continue
    const firstCell = lines[i].split("|")[1]
    for (const [, name] of firstCell.matchAll(/`([a-z_]+)`/g)) rows.set(name, lines[i])
  }
  if (!rows.size) throw new Error(`${DOC}: no option rows under "${heading}"`)
  return rows
}

/** The module's parts, as validateModuleOptions names them when the options are not an object. */
function moduleParts(): string[] {
  try {
    validateModuleOptions("not an object")
  } catch (err) {
    const list = /\{ ([^}]*) \}/.exec((err as Error).message)?.[1]
    if (list) return list.split(",").map((p) => p.trim().replace(/\?$/, ""))
  }
  throw new Error("validateModuleOptions no longer names its parts in the error for a non-object")
}

describe(`${DOC} documents every option`, () => {
  it("has a schema and a table in the doc for every part of the module's options", () => {
    const parts = moduleParts()
    expect(parts).toContain("payments")
    expect(Object.keys(MODULE_OPTION_SCHEMAS).sort()).toEqual([...parts].sort())
    expect(Object.keys(HEADINGS).sort()).toEqual([...parts].sort())
    // The parts table lists each part too.
    expect([...tableUnder("The plugin's options and their parts").keys()].sort()).toEqual([...parts].sort())
  })

  it.each(Object.keys(HEADINGS))("%s: every option has a row and every row is an option", (part) => {
    const schema = MODULE_OPTION_SCHEMAS[part as keyof typeof MODULE_OPTION_SCHEMAS] as unknown as SchemaDef
    const shape = shapeOf(schema)
    if (!shape) throw new Error(`the schema of "${part}" is not an object schema`)
    const rows = tableUnder(HEADINGS[part])

    const undocumented = Object.keys(shape).filter((key) => !rows.has(key))
    const unknown = [...rows.keys()].filter((name) => !(name in shape))
    expect({ part, undocumented, unknown }).toEqual({ part, undocumented: [], unknown: [] })

    // Nested options are named in their parent's row (as words, e.g. `{ connect_ms, headers_ms }`).
    const unnamed = Object.entries(shape).flatMap(([key, child]) =>
      nestedKeys(child)
        .filter((nested) => !new RegExp(`\\b${nested}\\b`).test(rows.get(key) ?? ""))
        .map((nested) => `${key}.${nested}`)
    )
    expect({ part, unnamed }).toEqual({ part, unnamed: [] })
  })
})
