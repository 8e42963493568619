/**
 * Request body encodings: JSON, form fields (`application/x-www-form-urlencoded`) in which an array or
 * object value travels as its JSON text (contract) and undefined values are left out, or "json-as-form": JSON
 * text sent with the form content type, as the public docs' samples send it (public-docs.md).
 */
export type BodyEncoding = "json" | "form" | "json-as-form"

export const BODY_ENCODINGS: readonly BodyEncoding[] = ["json", "form", "json-as-form"]

export const CONTENT_TYPES: Readonly<Record<BodyEncoding, string>> = Object.freeze({
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  "json-as-form": "application/x-www-form-urlencoded",
})

export function encodeForm(body: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue
    if (v === null) params.append(k, "")
    else if (typeof v === "object") params.append(k, JSON.stringify(v))
    else params.append(k, String(v))
  }
  return params.toString()
}

export function encodeBody(
  body: Readonly<Record<string, unknown>>,
  encoding: BodyEncoding
): { body: string; contentType: string } {
  return {
    body: encoding === "form" ? encodeForm(body) : JSON.stringify(body),
    contentType: CONTENT_TYPES[encoding],
  }
}
