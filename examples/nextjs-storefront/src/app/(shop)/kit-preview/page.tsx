import KitPreview from "@components/kit-preview"

/** The kit under this shop's Tailwind (with its preflight) and theme variables. */
export default async function Preview({ searchParams }: { searchParams: Promise<{ lang?: string }> }) {
  const lang = (await searchParams).lang === "de" ? "de" : "en"
  return <KitPreview language={lang} />
}
