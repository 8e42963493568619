/**
 * Browser and device data for 3-D Secure and the gateway's risk checks, as the card route's `browser` takes
 * them (each optional, cut to the route's limits). Nothing here identifies the card.
 */
import type { BrowserData } from "./types.js"

interface BrowserGlobals {
  navigator?: { userAgent?: string; language?: string }
  screen?: { width?: number; height?: number; colorDepth?: number }
}

export function browserData(env: BrowserGlobals = globalThis as BrowserGlobals, now = new Date()): BrowserData {
  const out: BrowserData = {}
  const nav = env.navigator
  const screen = env.screen
  if (nav?.userAgent) out.user_agent = nav.userAgent.slice(0, 500)
  if (nav?.language) out.browser_lang = nav.language.slice(0, 50)
  // Minutes from UTC, as EMV 3-D Secure's browserTZ (positive west of UTC).
  out.time_zone = String(now.getTimezoneOffset())
  if (screen?.width && screen.height) out.resolution = `${screen.width}x${screen.height}`
  if (screen?.colorDepth) out.color_depth = String(screen.colorDepth)
  return out
}
