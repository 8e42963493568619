import { Button } from "@medusajs/ui"
import type { UseMutationResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { type ActionTexts, useGatewayAction } from "../hooks/use-gateway-action"

/** A record's action: its button's label and icon, what the admin is asked first and the toasts. */
export type RecordAction<R> = ActionTexts<R> & { label: string; icon: ReactNode }

/**
 * A record's action in its page's header: runs `mutation` (no body) the way every page does (useGatewayAction:
 * the confirmation, then the toast), spinning while it runs. An action confirmed as dangerous has a red button.
 */
export function ActionButton<R>({
  mutation,
  action,
  testId,
}: {
  mutation: UseMutationResult<R, Error, void>
  action: RecordAction<R>
  testId?: string
}) {
  const run = useGatewayAction()
  return (
    <Button
      size="small"
      variant={action.confirm?.danger ? "danger" : "secondary"}
      isLoading={mutation.isPending}
      data-testid={testId}
      onClick={() => run(mutation, undefined, action)}
    >
      {action.icon}
      {action.label}
    </Button>
  )
}
