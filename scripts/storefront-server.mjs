// Serves the storefront example (examples/storefront) for the demo and its browser test: the page, its script
// bundled with the JS SDK by esbuild, and /config.json with the store's URL, publishable key and products.
import { build } from "esbuild"
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { createRequire } from "node:module"
import { join } from "node:path"

export async function startStorefront({ root, port, storeUrl, seed }) {
  const dir = join(root, "examples", "storefront")
  const bundle = await build({ entryPoints: [join(dir, "app.js")], bundle: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "silent" })
  const script = bundle.outputFiles[0].text
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
    if (path === "/app.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(script)
    if (path === "/config.json") return res.writeHead(200, { "content-type": "application/json" }).end(config)
    if (path === "/" || path === "/return") {
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(readFileSync(join(dir, "index.html")))
    }
    res.writeHead(404).end("not found")
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", resolve)
  })
  return { url: `http://localhost:${port}`, close: () => new Promise((r) => server.close(() => r())) }
}
