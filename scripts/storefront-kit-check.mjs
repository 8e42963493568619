#!/usr/bin/env node
// The storefront kit as a store developer gets it: `npm run build`, `npm pack`, then in scratch directories
// outside the repository (installing from npm's cache, `npm install --prefer-offline`):
// - a Vite React app installs the tarball with react, react-dom, vite and @medusajs/js-sdk, imports
//   `medusa-plugin-card-gateway/storefront` and its stylesheet, type-checks (TypeScript's "bundler" and "node" resolutions) and
//   builds; a second build importing one helper must leave the React components out (tree-shaking), and no
//   server code may reach either bundle;
// - a directory with only the tarball installed runs `npx gateway-sandbox --port P` and gets an answer;
// - the browser package (packages/storefront, `medusa-plugin-card-gateway-storefront`), built and packed, installs
//   into a scratch Next.js app at the Medusa version Medusa's Next.js starter had when it was checked (2.18.0) and at
//   ours, without ERESOLVE and without any server package; its modules load and its stylesheet resolves.
// scripts/packed-e2e.mjs runs checkStorefrontKit() on its own tarball; alone: `node scripts/storefront-kit-check.mjs`.
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
import "medusa-plugin-card-gateway/storefront/styles.css"
import { CardForm, GatewayReturn, HostedPaymentFrame, PaymentControl, SavedCardPicker, completeCart, savedCardsOf, type CardOutcome } from "medusa-plugin-card-gateway/storefront"
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
  </StrictMode>
)
`
const ONE_HELPER = `import { luhnValid } from "medusa-plugin-card-gateway/storefront"
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

/** The checks, on a packed tarball; `check(what, ok, detail)` counts or throws. */
export async function checkStorefrontKit({ tarball, work, log, check }) {
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
          "medusa-plugin-card-gateway": `file:${tarball}`,
          "@medusajs/js-sdk": repoPkg.peerDependencies["@medusajs/js-sdk"],
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
    "Installing the packed plugin, react, react-dom, vite and the js-sdk into a scratch Vite app (npm install --prefer-offline)"
  )
  await npmInstall(app)
  const pkg = JSON.parse(readFileSync(join(app, "node_modules/medusa-plugin-card-gateway/package.json"), "utf8"))
  check(
    "the packed plugin's exports map has ./storefront",
    Boolean(pkg.exports?.["./storefront"]?.import),
    JSON.stringify(pkg.exports?.["./storefront"])
  )
  check(
    "the kit's files are in the tarball",
    existsSync(join(app, "node_modules/medusa-plugin-card-gateway", pkg.exports["./storefront"].import))
  )
  check(
    "installing the kit does not install the Medusa server",
    !existsSync(join(app, "node_modules/@medusajs/medusa")) &&
      !existsSync(join(app, "node_modules/@medusajs/framework"))
  )

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
    "the kit's stylesheet (storefront/styles.css) is exported and bundled",
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

/** The browser package: built, packed, installed into scratch Next.js apps at each Medusa version. */
export async function checkStorefrontPackage({ work, log, check }) {
  const pkgDir = join(root, "packages", "storefront")
  log("Building and packing the browser package (packages/storefront)")
  await run("node", ["scripts/build-storefront-kit.mjs", "--out", "packages/storefront/dist"], { cwd: root })
  const packed = (
    await run("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", work], { cwd: pkgDir })
  )
    .trim()
    .split("\n")
    .pop()
  const tarball = join(work, packed)
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
            "medusa-plugin-card-gateway-storefront": `file:${tarball}`,
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
      `Installing the browser package into a scratch Next.js app with Medusa ${version} (npm install, strict peer dependencies)`
    )
    let output = ""
    try {
      output = await npmInstall(app)
    } catch (err) {
      check(
        `the browser package installs beside @medusajs/* ${version} (no ERESOLVE)`,
        false,
        String(err.message).slice(-1500)
      )
    }
    check(`the browser package installs beside @medusajs/* ${version} (no ERESOLVE)`, !/ERESOLVE/.test(output))
    const server = SERVER_PACKAGES.filter((name) => existsSync(join(app, "node_modules", name)))
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
    log("Packing it (npm pack)")
    const packed = (await run("npm", ["pack", "--silent", "--pack-destination", work], { cwd: root }))
      .trim()
      .split("\n")
      .pop()
    await checkStorefrontKit({ tarball: join(work, packed), work, log, check })
    await checkStorefrontPackage({ work, log, check })
    process.stdout.write(`storefront-kit-check: ${passed} passed, 0 failed\n`)
  } catch (err) {
    process.stderr.write(`storefront-kit-check: FAILED: ${err.stack ?? err}\n`)
    process.stdout.write(`storefront-kit-check: ${passed} passed, 1 failed\n`)
    process.exitCode = 1
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
