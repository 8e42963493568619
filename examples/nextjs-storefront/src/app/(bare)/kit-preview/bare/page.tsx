import KitPreview from "@components/kit-preview"

export default function BarePreview() {
  return <KitPreview />
}
