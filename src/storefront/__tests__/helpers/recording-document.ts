import type { RedirectDocument } from "../../redirect.js"

/**
 * A recording stand-in for `document`, enough for the hand-off and hosted-page forms: every element made (and what
 * the body is given), each element's `submit`/`remove` calls in order (`events`), and every navigation (`assigned`).
 */
export function recordingDocument() {
  const made: any[] = []
  const assigned: string[] = []
  const doc: RedirectDocument = {
    createElement(tag) {
      const el: any = {
        tag,
        children: [] as any[],
        style: {},
        attributes: {} as Record<string, string>,
        events: [] as string[],
      }
      el.appendChild = (c: any) => el.children.push(c)
      el.setAttribute = (k: string, v: string) => (el.attributes[k] = v)
      el.submit = () => el.events.push("submit")
      el.remove = () => el.events.push("remove")
      made.push(el)
      return el
    },
    body: { appendChild: (n: any) => made.push({ appended: n }) },
    defaultView: { location: { assign: (url: string) => assigned.push(url) } },
  }
  return { doc, made, assigned }
}
