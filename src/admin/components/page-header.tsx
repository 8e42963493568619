import { Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** The header of a Container: heading, optional subtitle and actions on the right. */
export const SectionHeader = ({
  title,
  subtitle,
  actions,
  level = "h2",
}: {
  title: ReactNode
  subtitle?: ReactNode
  actions?: ReactNode
  level?: "h1" | "h2"
}) => (
  <div className="flex items-center justify-between gap-x-4 px-6 py-4">
    <div>
      <Heading level={level}>{title}</Heading>
      {subtitle && (
        <Text size="small" className="text-ui-fg-subtle">
          {subtitle}
        </Text>
      )}
    </div>
    {actions && <div className="flex items-center gap-x-2">{actions}</div>}
  </div>
)
