// Tailwind 3 with its preflight, as in Medusa's Next.js starter. The kit's look comes from its own stylesheet
// (imported in the layout), not from classes Tailwind would have to find in node_modules.
/** @type {import("tailwindcss").Config} */
module.exports = {
  // Absolute: `next build examples/nextjs-storefront` runs from the repository's root.
  content: [require("node:path").join(__dirname, "src/**/*.{ts,tsx}")],
  theme: { extend: {} },
  plugins: [],
}
