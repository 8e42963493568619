#!/usr/bin/env node
"use strict"
/**
 * npx medusa-plugin-card-gateway check [--json]
 *
 * Runs the plugin's go-live check in the store of the current directory: `medusa exec` of the check's script
 * with the store's own Medusa CLI, config and database (the built script of the installed package; in a
 * checkout of the plugin, its source). Exits with the check's code: 1 when a check failed.
 */
const { spawn } = require("node:child_process")
const { existsSync } = require("node:fs")
const path = require("node:path")

const USAGE = "usage: npx medusa-plugin-card-gateway check [--json]   (run it in the store's directory)"
const [command, ...args] = process.argv.slice(2)
if (command === "--help" || command === "-h") {
  console.log(USAGE)
  process.exit(0)
}
if (command !== "check" || args.some((a) => a !== "--json")) {
  console.error(USAGE)
  process.exit(2)
}

const root = path.join(__dirname, "..")
const script = [
  path.join(root, "src/scripts/go-live-check.ts"),
  path.join(root, ".medusa/server/src/scripts/go-live-check.js"),
].find((p) => existsSync(p))
if (!script) {
  console.error(
    "medusa-plugin-card-gateway: the go-live script is missing from the package (build the plugin: npm run build)"
  )
  process.exit(2)
}

let cli
try {
  cli = require.resolve("@medusajs/cli/cli.js", { paths: [process.cwd(), root] })
} catch {
  console.error(
    "medusa-plugin-card-gateway: no Medusa CLI (@medusajs/cli) here: run the command in the Medusa store's directory"
  )
  process.exit(2)
}

// `medusa exec` hands the script its positional arguments only (an option such as --json would be its own).
const child = spawn(process.execPath, [cli, "exec", script, ...args.map((a) => a.replace(/^--/, ""))], {
  cwd: process.cwd(),
  stdio: "inherit",
})
child.on("error", (err) => {
  console.error(`medusa-plugin-card-gateway: ${err.message}`)
  process.exit(2)
})
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
