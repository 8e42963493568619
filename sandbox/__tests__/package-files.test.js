"use strict"
/**
 * `npx gateway-sandbox` from an installed plugin needs every file its bin requires: the JavaScript modules and
 * the JSON data files (lib/*.json). Follows the relative require() graph from bin.js and checks each file is
 * covered by package.json "files" (which npm pack ships); the packed check (scripts/storefront-kit-check.mjs)
 * then runs the bin from a bare install.
 */
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.join(__dirname, "..", "..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))

function requiredFiles(entry) {
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    if (!file.endsWith(".js")) return
    // Code only: a usage example in a comment is not a require.
    const text = fs
      .readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "")
    for (const m of text.matchAll(/require\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
      const target = path.resolve(path.dirname(file), m[1])
      const found = [target, `${target}.js`, `${target}.json`, path.join(target, "index.js")].find(
        (f) => fs.existsSync(f) && fs.statSync(f).isFile()
      )
      if (!found) throw new Error(`${path.relative(ROOT, file)} requires ${m[1]}, which does not exist`)
      visit(found)
    }
  }
  visit(path.join(ROOT, entry))
  return [...seen].map((f) => path.relative(ROOT, f).split(path.sep).join("/"))
}

/** Whether npm's "files" ships a path: an entry naming the file or a folder holding it (no negations here). */
const shipped = (file) =>
  pkg.files.some(
    (entry) => !entry.startsWith("!") && (file === entry || file.startsWith(`${entry.replace(/\/$/, "")}/`))
  )

test("every file the sandbox's bin requires is in package.json files, bin included", () => {
  expect(pkg.bin["gateway-sandbox"].replace(/^\.\//, "")).toBe("sandbox/bin.js")
  const files = requiredFiles("sandbox/bin.js")
  expect(files).toEqual(
    expect.arrayContaining([
      "sandbox/bin.js",
      "sandbox/index.js",
      "sandbox/lib/signature-fields.json",
      "sandbox/lib/field-limits.json",
    ])
  )
  expect(files.filter((f) => !shipped(f))).toEqual([])
  // Nothing outside the sandbox folder (the repository's fixtures are not shipped).
  expect(files.filter((f) => !f.startsWith("sandbox/"))).toEqual([])
})
