"use strict"
/**
 * The sandbox's JavaScript type-checks: its JSDoc types, and index.js against the public API in index.d.ts
 * (sandbox/tsconfig.json, strict, no output files).
 */
const path = require("node:path")
const { execFile } = require("node:child_process")

const ROOT = path.join(__dirname, "..", "..")
const TSC = path.join(ROOT, "node_modules", ".bin", "tsc")

test("tsc -p sandbox/tsconfig.json exits 0 and prints no diagnostics", async () => {
  const result = await new Promise((resolve) => {
    execFile(
      TSC,
      ["-p", path.join("sandbox", "tsconfig.json"), "--pretty", "false"],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        resolve({ code: error ? error.code : 0, output: `${stdout}${stderr}` })
      }
    )
  })
  expect(result.output).toBe("")
  expect(result.code).toBe(0)
}, 120_000)
