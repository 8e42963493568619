// Serves the storefront example (examples/storefront, React on the plugin's storefront kit) for the demo and
// its browser test: builds it with Vite (examples/storefront/vite.config.mjs → .medusa/storefront-example, a
// dot-directory, so `medusa develop` does not restart for it), then serves the page (at / and /return), its
// assets, and /config.json with the store's URL, publishable key and products.
import { existsSync, readFileSync } from "node:fs"
import { createServer } from "node:http"
import { createRequire } from "node:module"
import { extname, join, normalize } from "node:path"

const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json" }

/** Builds the example; answers the folder it was built into. */
export async function buildStorefront(root) {
  const { build } = await import("vite")
  await build({ configFile: join(root, "examples", "storefront", "vite.config.mjs"), logLevel: "warn" })
  const out = join(root, ".medusa", "storefront-example")
  if (!existsSync(join(out, "index.html"))) throw new Error(`the storefront example's build left no ${out}/index.html`)
  return out
}

/** Serves the example built in `dir` (buildStorefront). */
export async function startStorefront({ dir, port, storeUrl, seed }) {
  const page = readFileSync(join(dir, "index.html"))
  const { address } = createRequire(import.meta.url)("./shopper-fixtures.json")
  const config = JSON.stringify({
    storeUrl,
    publishableKey: seed.publishableKey,
    regionId: seed.regions.usd,
    currency: "usd",
    address,
    products: [
      { title: "Gateway T-shirt", handle: "t-shirt", price: "10.36", variantId: seed.variants.tshirt },
      { title: "Gateway Mug", handle: "mug", price: "7.99", variantId: seed.variants.mug },
    ],
  })
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    if (path === "/config.json") return res.writeHead(200, { "content-type": "application/json" }).end(config)
    // The bank and the hosted page may send the shopper back by GET or POST: both get the page.
    if (path === "/" || path === "/return") return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page)
    const file = normalize(join(dir, path))
    if (path.startsWith("/assets/") && file.startsWith(join(dir, "assets")) && existsSync(file)) {
      return res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file))
    }
    res.writeHead(404).end("not found")
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", resolve)
  })
  return { url: `http://localhost:${port}`, close: () => new Promise((r) => server.close(() => r())) }
}
