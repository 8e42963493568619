/**
 * How a store matches the kit to its theme. Every element carries a `gw-*` class; the stylesheet
 * (`medusa-plugin-card-gateway-storefront/styles.css`) styles them under the component's root class `gw`, from
 * CSS variables (`--gw-color-primary`, `--gw-radius`, ... : set them on `.gw` or any ancestor). `classNames` adds
 * a store's own classes (e.g. Tailwind utilities written in the store's own files, which its Tailwind build sees)
 * to a slot; `unstyled` drops the root class `gw`, so the stylesheet leaves the component alone.
 */
import { messagesEn, resolveMessages, type GatewayMessages } from "../messages.js"

export type GatewaySlot =
  | "root"
  | "heading"
  | "field"
  | "label"
  | "input"
  | "error"
  | "hint"
  | "button"
  | "secondaryButton"
  | "formError"
  | "options"
  | "option"
  | "status"

export interface Appearance {
  classNames?: Partial<Record<GatewaySlot, string>>
  unstyled?: boolean
}

/** What every component takes for its look and its texts. */
export interface LookProps {
  appearance?: Appearance
  /** The shopper's texts: "en", "de", a whole set, or a few keys over English. */
  messages?: string | Partial<GatewayMessages>
  /** Extra class of the root element. */
  className?: string
}

const join = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ")

/** The class of each slot: `gw-<slot>` (and `gw` on the root unless unstyled), the store's classes after. */
export function useLook(props: LookProps, component: string) {
  const { appearance, className } = props
  const m = props.messages ? resolveMessages(props.messages) : messagesEn
  const cls = (slot: GatewaySlot, ...extra: (string | false | null | undefined)[]) =>
    join(
      slot === "root" && !appearance?.unstyled && "gw",
      slot === "root" ? `gw-${component}` : `gw-${slot}`,
      ...extra,
      appearance?.classNames?.[slot],
      slot === "root" && className
    )
  return { m, cls }
}
