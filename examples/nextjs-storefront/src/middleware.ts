/**
 * Country-code routes, as in Medusa's Next.js starter: every page lives under /{countryCode}; a path without one
 * is redirected to the default region's country (NEXT_PUBLIC_DEFAULT_REGION, else the first). /api (the gateway's
 * return hop) and the kit's preview pages are not country routes.
 */
import { NextRequest, NextResponse } from "next/server"

const BACKEND_URL = process.env.MEDUSA_BACKEND_URL || "http://localhost:9000"
const DEFAULT_REGION = process.env.NEXT_PUBLIC_DEFAULT_REGION || "us"
let countries: { list: string[]; at: number } | null = null

async function knownCountries(): Promise<string[]> {
  if (countries && countries.at > Date.now() - 3600_000) return countries.list
  const res = await fetch(`${BACKEND_URL}/store/regions?fields=id,*countries`, {
    headers: { "x-publishable-api-key": process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY || "" },
    cache: "no-store",
  })
  const { regions } = (await res.json()) as { regions: { countries?: { iso_2?: string }[] }[] }
  countries = {
    list: regions.flatMap((r) => (r.countries ?? []).map((c) => c.iso_2 ?? "")).filter(Boolean),
    at: Date.now(),
  }
  return countries.list
}

export async function middleware(request: NextRequest) {
  const list = await knownCountries().catch(() => [] as string[])
  const first = request.nextUrl.pathname.split("/")[1]?.toLowerCase()
  if (first && list.includes(first)) return NextResponse.next()
  const country = list.includes(DEFAULT_REGION) ? DEFAULT_REGION : list[0]
  if (!country) return new NextResponse("No regions with countries: set them up in the Medusa admin.", { status: 500 })
  const path = request.nextUrl.pathname === "/" ? "" : request.nextUrl.pathname
  return NextResponse.redirect(new URL(`/${country}${path}${request.nextUrl.search}`, request.url), 307)
}

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|kit-preview).*)"],
}
