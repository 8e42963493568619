#!/usr/bin/env node
// The storefront kit as a store developer gets it: `npm run build` (which builds the kit into
// packages/storefront/dist), `npm pack` of the kit's package (packages/storefront,
// `medusa-plugin-card-gateway-storefront`) and of the plugin, then in scratch directories outside the repository
// (installing from npm's cache, `npm install --prefer-offline`):
// - a Vite React app installs the kit's tarball with react, react-dom, vite and @medusajs/js-sdk, imports
//   `medusa-plugin-card-gateway-storefront` and its stylesheet, type-checks (TypeScript's "bundler" and "node"
//   resolutions) and builds; a second build importing one helper must leave the React components out
//   (tree-shaking), and no server code may reach either bundle;
// - the kit's tarball installs into a scratch Next.js app at the Medusa version Medusa's Next.js starter had when
//   it was checked (2.18.0) and at ours, without ERESOLVE and without any server package; its modules load and its
//   stylesheet resolves;
// - a directory with only the plugin's tarball installed runs `npx gateway-sandbox --port P` and gets an answer.
// scripts/packed-e2e.mjs runs these checks on its own tarballs. Alone (needs `npm ci` and npm's registry or cache):
// `node scripts/storefront-kit-check.mjs` (`--no-build` to skip `npm run build` after one).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { runCommand } from "./run-command.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const repoPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const installed = (name) => JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version

const run = runCommand
const npmInstall = (cwd) =>
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd })

const APP = `import Medusa from "@medusajs/js-sdk"
import "medusa-plugin-card-gateway-storefront/styles.css"
import { CardForm, GatewayReturn, HostedPaymentFrame, OrderPaymentNotice, PaymentControl, SavedCardPicker, completeCart, savedCardsOf, type CardOutcome } from "medusa-plugin-card-gateway-storefront"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"

const sdk = new Medusa({ baseUrl: "http://localhost:9000", publishableKey: "pk_scratch" })
const onOutcome = async (outcome: CardOutcome) => {
  if (outcome.status === "authorized") await completeCart(sdk, "cart_1")
}
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <CardForm sdk={sdk} sessionId="payses_1" cartId="cart_1" onOutcome={onOutcome} messages="de" />
    <PaymentControl sdk={sdk} sessionId="payses_1" cartId="cart_1" savedCards={savedCardsOf(sdk)} appearance={{ classNames: { button: "my-button" } }} />
    <SavedCardPicker sdk={sdk} sessionId="payses_1" cartId="cart_1" />
    <HostedPaymentFrame session={null} />
    {location.pathname === "/return" ? <GatewayReturn sdk={sdk} cartId="cart_1" payAgain="/checkout" /> : null}
    <OrderPaymentNotice order={{ payment_collections: [] }} messages="de" />
  </StrictMode>
)
`
const ONE_HELPER = `import { luhnValid } from "medusa-plugin-card-gateway-storefront"
document.body.textContent = String(luhnValid("4242424242424242"))
`
const VITE_CONFIG = `import { defineConfig } from "vite"
const entry = process.env.ENTRY ?? "app"
export default defineConfig({
  esbuild: { jsx: "automatic" },
  build: { outDir: "dist-" + entry, rollupOptions: { input: entry + ".html" } },
  logLevel: "warn",
})
`
const html = (src) =>
  `<!doctype html><html><body><div id="root"></div><script type="module" src="${src}"></script></body></html>\n`
const TSCONFIG = (moduleResolution) =>
  JSON.stringify(
    {
      compilerOptions: {
        target: "ES2020",
        module: "ESNext",
        moduleResolution,
        jsx: "react-jsx",
        strict: true,
        noEmit: true,
        lib: ["ES2020", "DOM"],
        skipLibCheck: true,
        types: [],
      },
      include: ["src"],
    },
    null,
    2
  )

const bundleText = (dir) =>
  readdirSync(join(dir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(join(dir, "assets", f), "utf8"))
    .join("\n")

/** What a storefront must never get from the kit: the plugin and what only its server side needs. */
const SERVER_PACKAGES = [
  "undici",
  "zod",
  "react-hook-form",
  "fast-xml-parser",
  "@hookform/resolvers",
  "recharts",
  "@medusajs/framework",
  "@medusajs/medusa",
  "medusa-plugin-card-gateway",
]
const serverPackagesIn = (app) => SERVER_PACKAGES.filter((name) => existsSync(join(app, "node_modules", name)))

async function pack(dir, work) {
  const packed = await run("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", work], { cwd: dir })
  return join(work, packed.trim().split("\n").pop())
}

/**
 * `npm pack` of the plugin (the repository's root) and of the kit (packages/storefront) into `work`, after
 * `npm run build` built both (`--ignore-scripts`: the kit's `prepack` would build it a second time): their paths.
 */
export async function packPluginAndKit(work) {
  return { tarball: await pack(root, work), kitTarball: await pack(join(root, "packages", "storefront"), work) }
}

/** The kit's tarball in a scratch Vite React app: its types, its bundle, its stylesheet, tree-shaking. */
async function checkKitInViteApp({ kitTarball, work, log, check }) {
  const app = join(work, "vite-app")
  mkdirSync(join(app, "src"), { recursive: true })
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify(
      {
        name: "scratch-storefront",
        private: true,
        type: "module",
        dependencies: {
          "medusa-plugin-card-gateway-storefront": `file:${kitTarball}`,
          "@medusajs/js-sdk": installed("@medusajs/js-sdk"),
          react: installed("react"),
          "react-dom": installed("react-dom"),
        },
        // @medusajs/types: the js-sdk's declarations import it (a storefront has it, as the DTC starter does). The
        // type check skips libraries' own .d.ts (@medusajs/types reaches into vite's Node types); an import the
        // kit's types do not resolve still fails it (strict: no implicit any).
        devDependencies: {
          vite: installed("vite"),
          typescript: installed("typescript"),
          "@medusajs/types": installed("@medusajs/types"),
          "@types/react": installed("@types/react"),
          "@types/react-dom": installed("@types/react-dom"),
        },
      },
      null,
      2
    )
  )
  writeFileSync(join(app, "src", "main.tsx"), APP)
  writeFileSync(join(app, "src", "one-helper.ts"), ONE_HELPER)
  writeFileSync(join(app, "app.html"), html("/src/main.tsx"))
  writeFileSync(join(app, "helper.html"), html("/src/one-helper.ts"))
  writeFileSync(join(app, "vite.config.js"), VITE_CONFIG)
  log(
    "Installing the packed kit, react, react-dom, vite and the js-sdk into a scratch Vite app (npm install --prefer-offline)"
  )
  await npmInstall(app)
  const kitDir = join(app, "node_modules/medusa-plugin-card-gateway-storefront")
  const pkg = JSON.parse(readFileSync(join(kitDir, "package.json"), "utf8"))
  check("the packed kit's exports map has its entry", Boolean(pkg.exports?.["."]?.import), JSON.stringify(pkg.exports))
  check("the kit's files are in the tarball", existsSync(join(kitDir, pkg.exports["."].import)))
  const server = serverPackagesIn(app)
  check("installing the kit installs nothing of the Medusa server", server.length === 0, server.join(", "))

  for (const resolution of ["bundler", "node"]) {
    writeFileSync(join(app, "tsconfig.json"), TSCONFIG(resolution))
    await run("npx", ["tsc", "-p", "tsconfig.json"], { cwd: app })
    check(`the kit's types resolve and check (moduleResolution "${resolution}")`, true)
  }

  await run("npx", ["vite", "build"], { cwd: app, env: { ENTRY: "app" } })
  const full = bundleText(join(app, "dist-app"))
  check(
    "a Vite React app importing the kit builds",
    full.includes("gateway-card-form") && full.includes("/store/gateway/payment-sessions/")
  )
  const css = readdirSync(join(app, "dist-app", "assets"))
    .filter((f) => f.endsWith(".css"))
    .map((f) => readFileSync(join(app, "dist-app", "assets", f), "utf8"))
    .join("\n")
  check(
    "the kit's stylesheet (styles.css) is exported and bundled",
    /\.gw \.gw-input/.test(css) && css.includes("--gw-color-primary"),
    `${css.length} bytes of CSS`
  )
  for (const [server, found] of [
    ["undici", /undici/],
    ["@medusajs/framework", /@medusajs\/framework/],
    ["fast-xml-parser", /fast-xml-parser/],
    ["the provider's sign_key", /sign_key/],
    ["Node built-ins", /["']node:[a-z]/],
  ]) {
    check(`no server code in the app's bundle (${server})`, !found.test(full))
  }
  await run("npx", ["vite", "build"], { cwd: app, env: { ENTRY: "helper" } })
  const small = bundleText(join(app, "dist-helper"))
  check(
    "importing one helper leaves the components and React out (tree-shaking)",
    !small.includes("gateway-card-form") && !small.includes("react.production") && small.length < 5000,
    `${small.length} bytes`
  )
}

/** The plugin's tarball alone in a directory: its `gateway-sandbox` bin runs and answers. */
async function checkSandboxAlone({ tarball, work, log, check }) {
  const bare = join(work, "sandbox-only")
  mkdirSync(bare)
  writeFileSync(
    join(bare, "package.json"),
    JSON.stringify(
      { name: "scratch-sandbox", private: true, dependencies: { "medusa-plugin-card-gateway": `file:${tarball}` } },
      null,
      2
    )
  )
  log("Installing only the packed plugin into another scratch directory, then `npx gateway-sandbox --port P`")
  await npmInstall(bare)
  const { freePort } = await import("../integration-tests/embedded-postgres.mjs")
  const port = await freePort()
  const sandbox = await run("npx", ["gateway-sandbox", "--port", String(port)], { cwd: bare, background: true })
  try {
    let health = null
    for (let i = 0; i < 60 && !health; i++) {
      health = await fetch(`http://127.0.0.1:${port}/sandbox/health`)
        .then((r) => (r.ok ? r : null))
        .catch(() => null)
      if (!health) await new Promise((r) => setTimeout(r, 500))
    }
    check(
      "npx gateway-sandbox --port P answers from a directory with only the packed plugin",
      Boolean(health),
      sandbox.output().slice(-1000)
    )
  } finally {
    try {
      process.kill(-sandbox.child.pid, "SIGTERM")
    } catch {
      sandbox.child.kill("SIGTERM")
    }
  }
}

/** Medusa versions a storefront may run: Medusa's Next.js starter's when it was checked (2.18.0), and ours. */
const STOREFRONT_MEDUSA_VERSIONS = ["2.18.0", repoPkg.devDependencies["@medusajs/js-sdk"]]

/** The kit's tarball in scratch Next.js apps at each Medusa version: no ERESOLVE, no server package, it loads. */
async function checkKitInNextApps({ kitTarball, work, log, check }) {
  for (const version of STOREFRONT_MEDUSA_VERSIONS) {
    const app = join(work, `next-app-${version}`)
    mkdirSync(app)
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify(
        {
          name: "scratch-next-storefront",
          private: true,
          dependencies: {
            "medusa-plugin-card-gateway-storefront": `file:${kitTarball}`,
            "@medusajs/js-sdk": version,
            "@medusajs/icons": version,
            next: installed("next"),
            react: "19.0.5",
            "react-dom": "19.0.5",
          },
          devDependencies: { "@medusajs/types": version },
        },
        null,
        2
      )
    )
    log(
      `Installing the packed kit into a scratch Next.js app with Medusa ${version} (npm install, strict peer dependencies)`
    )
    let output = ""
    try {
      output = await npmInstall(app)
    } catch (err) {
      check(`the kit installs beside @medusajs/* ${version} (no ERESOLVE)`, false, String(err.message).slice(-1500))
    }
    check(`the kit installs beside @medusajs/* ${version} (no ERESOLVE)`, !/ERESOLVE/.test(output))
    const server = serverPackagesIn(app)
    check(`installing it beside Medusa ${version} brings no server package`, server.length === 0, server.join(", "))
    const probe = `const core = await import("medusa-plugin-card-gateway-storefront/core"); const css = import.meta.resolve("medusa-plugin-card-gateway-storefront/styles.css"); process.stdout.write(JSON.stringify({ hop: typeof core.returnHopHtml, complete: typeof core.completeCart, de: core.messagesDe.pay, css: css.endsWith("/styles.css") }))`
    const loaded = JSON.parse(await run("node", ["--input-type=module", "-e", probe], { cwd: app }))
    check(
      `its modules load and its stylesheet resolves (Medusa ${version})`,
      loaded.hop === "function" && loaded.complete === "function" && loaded.de === "Bezahlen" && loaded.css,
      JSON.stringify(loaded)
    )
  }
}

/** Every check above, on the two tarballs: scripts/packed-e2e.mjs runs it too. */
export async function checkPackedKitAndSandbox({ kitTarball, tarball, work, log, check }) {
  await checkKitInViteApp({ kitTarball, work, log, check })
  await checkKitInNextApps({ kitTarball, work, log, check })
  await checkSandboxAlone({ tarball, work, log, check })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const t0 = Date.now()
  const log = (m) => process.stdout.write(`[storefront-kit-check ${Math.round((Date.now() - t0) / 1000)}s] ${m}\n`)
  let passed = 0
  const check = (what, ok, detail = "") => {
    if (!ok) throw new Error(`${what}${detail ? `: ${detail}` : ""}`)
    passed++
    log(`ok ${what}`)
  }
  const work = mkdtempSync(join(tmpdir(), "gateway-kit-"))
  try {
    if (!process.argv.includes("--no-build")) {
      log("Building the plugin and the kit (npm run build)")
      await run("npm", ["run", "build"], { cwd: root })
    }
    log("Packing the plugin and the kit (npm pack)")
    const { tarball, kitTarball } = await packPluginAndKit(work)
    await checkPackedKitAndSandbox({ kitTarball, tarball, work, log, check })
    process.stdout.write(`storefront-kit-check: ${passed} passed, 0 failed\n`)
  } catch (err) {
    process.stderr.write(`storefront-kit-check: FAILED: ${err.stack ?? err}\n`)
    process.stdout.write(`storefront-kit-check: ${passed} passed, 1 failed\n`)
    process.exitCode = 1
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
