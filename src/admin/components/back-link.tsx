import { ArrowUturnLeft } from "@medusajs/icons"
import { Text } from "@medusajs/ui"
import { Link } from "react-router-dom"

export const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Link to={to} className="text-ui-fg-subtle hover:text-ui-fg-base flex w-fit items-center gap-x-1.5">
    <ArrowUturnLeft />
    <Text size="small" leading="compact" weight="plus">
      {label}
    </Text>
  </Link>
)
