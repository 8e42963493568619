/**
 * The gateway's hosted payment page (`pp_gateway_hosted`) without React: the form the shopper's browser posts
 * into a sandboxed, named iFrame, and how the page holding that frame sees the shopper come back.
 *
 * The gateway's page is never rendered from the session (the plugin does not even keep it): the session's
 * `data.hosted` is the page's form, its `action` (checked on the server against base_url's host and
 * `redirect_hosts`) and hidden `inputs`, and the browser posts it into the frame as the gateway's own page
 * would. The frame then loads the page from the gateway and holds the gateway's origin: the page's scripts
 * cannot reach the store's storage, cookies or DOM, and its relative addresses (a form's action) resolve
 * against the gateway, never the store. (A `srcdoc` frame would run the gateway's unsigned HTML as the store.)
 */
import { isAllowedUrl, submitRedirect, type RedirectDocument } from "./redirect.js"
import type { GatewaySessionData, RedirectForm } from "./types.js"

/**
 * The frame's `sandbox`, flag by flag:
 * - `allow-forms`, `allow-scripts`: the loading page adds its inputs and submits itself; the card page posts.
 * - `allow-same-origin`: the frame keeps the origin of what it loads, the gateway's. That origin is another
 *   than the store's, so the same-origin policy keeps the store out of its reach and it out of the store's;
 *   without the flag the page would run in an opaque origin, where a payment page's own cookies and requests
 *   to its own host fail. (The known escape, a framed document removing its own sandbox, needs the store's
 *   origin: only the store's return page ever has it in this frame.)
 * - `allow-top-navigation-by-user-activation`: a gateway page may leave the frame when the shopper clicks (a
 *   bank or payment-method page that needs the whole window); it can never move the store's tab by itself.
 * Not `allow-top-navigation` nor `allow-popups`: the return needs neither. The gateway sends the shopper back
 * to `return_url` inside the frame, a page of the store's origin, which the holding page can read
 * (`returnedFrameUrl`) and then load in the whole window itself.
 */
export const HOSTED_FRAME_SANDBOX =
  "allow-forms allow-scripts allow-same-origin allow-top-navigation-by-user-activation"

/** The hosted page's form from a session's data: its text inputs, posted to `action`; null when there is none or the action is not allowed. */
export function hostedFormOf(data: GatewaySessionData | null | undefined): RedirectForm | null {
  const hosted = data?.hosted
  if (!hosted || !isAllowedUrl(hosted.action)) return null
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(hosted.inputs ?? {})) if (typeof value === "string") fields[name] = value
  return { url: hosted.action, method: "POST", fields }
}

/** Posts the hosted page's form into the frame named `frameName` (a hidden form, removed once submitted). */
export function postHostedForm(form: RedirectForm, frameName: string, doc?: RedirectDocument): void {
  submitRedirect(form, doc, frameName)
}

/** What the holding page can see of its frame: the frame's window, whose location throws while it is another origin's. */
export interface HostedFrame {
  contentWindow: { location: { href: string } } | null
}

/**
 * The address the frame came back to when it is the store's own (the gateway sent the shopper to `return_url`):
 * load it in the whole window. Null while the frame shows the gateway's page (another origin: reading its
 * location throws) or nothing yet (about:blank).
 */
export function returnedFrameUrl(
  frame: HostedFrame | null | undefined,
  win: { location: { origin: string } } = window
): string | null {
  let href: string
  try {
    href = frame?.contentWindow?.location.href ?? ""
  } catch {
    return null
  }
  try {
    return new URL(href).origin === win.location.origin ? href : null
  } catch {
    return null
  }
}
