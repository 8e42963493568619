import { Hint, Label } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled form field with its validation message. */
export const FormField = ({ label, name, optional, error, children, hint }: { label: string; name: string; optional?: boolean; error?: string; hint?: string; children: ReactNode }) => (
  <div className="flex flex-col gap-y-2">
    <Label htmlFor={name} size="small" weight="plus">
      {label}
      {optional && <span className="text-ui-fg-muted font-normal"> (optional)</span>}
    </Label>
    {children}
    {error ? (
      <Hint variant="error" data-testid={`error-${name}`}>
        {error}
      </Hint>
    ) : (
      hint && <Hint>{hint}</Hint>
    )}
  </div>
)
