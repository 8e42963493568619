import { toast, usePrompt } from "@medusajs/ui"
import type { UseMutationResult } from "@tanstack/react-query"
import { errorMessage } from "../lib/format"

export type Confirm = { title: string; description: string; confirmText: string; danger?: boolean }
type Done<R> = string | ((result: R) => { title: string; description?: string; warning?: boolean })
/** What the admin is asked first (if anything), and the toast of each outcome. */
export type ActionTexts<R> = { confirm?: Confirm; done?: Done<R>; failed: string }

/**
 * Runs a change the way every page does: after the admin confirms (when `confirm` is given), then a toast
 * says what happened (unless `done` is left out), or why not (the API's message); `after` runs on success.
 */
export function useGatewayAction() {
  const prompt = usePrompt()
  return async <R, V>(
    mutation: UseMutationResult<R, Error, V>,
    variables: V,
    texts: ActionTexts<R>,
    after?: (result: R) => void
  ) => {
    const { confirm } = texts
    if (confirm) {
      const ok = await prompt({ ...confirm, cancelText: "Cancel", variant: confirm.danger ? "danger" : "confirmation" })
      if (!ok) return
    }
    mutation.mutate(variables, {
      onSuccess: (result) => {
        const done = typeof texts.done === "function" ? texts.done(result) : texts.done && { title: texts.done }
        if (done)
          (done.warning ? toast.warning : toast.success)(
            done.title,
            done.description ? { description: done.description } : undefined
          )
        after?.(result)
      },
      onError: (e) => toast.error(texts.failed, { description: errorMessage(e) }),
    })
  }
}
