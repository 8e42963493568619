import { Button, FocusModal, Heading, Text } from "@medusajs/ui"
import type { FormEvent, ReactNode } from "react"

/** The shell of every "create" form: a focus modal with Cancel / submit in its header, a title and a description. */
export function CreateFormModal(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (e: FormEvent) => void
  title: string
  description: ReactNode
  submitLabel: string
  submitTestId: string
  isPending: boolean
  children: ReactNode
}) {
  return (
    <FocusModal open={props.open} onOpenChange={props.onOpenChange}>
      <FocusModal.Content>
        <form onSubmit={props.onSubmit} className="flex h-full flex-col overflow-hidden" noValidate>
          <FocusModal.Header>
            <div className="flex items-center justify-end gap-x-2">
              <FocusModal.Close asChild>
                <Button size="small" variant="secondary" type="button">
                  Cancel
                </Button>
              </FocusModal.Close>
              <Button size="small" type="submit" isLoading={props.isPending} data-testid={props.submitTestId}>
                {props.submitLabel}
              </Button>
            </div>
          </FocusModal.Header>
          <FocusModal.Body className="flex flex-1 flex-col items-center overflow-y-auto py-16">
            <div className="flex w-full max-w-[720px] flex-col gap-y-8 px-2">
              <div>
                <Heading>{props.title}</Heading>
                <Text size="small" className="text-ui-fg-subtle">
                  {props.description}
                </Text>
              </div>
              {props.children}
            </div>
          </FocusModal.Body>
        </form>
      </FocusModal.Content>
    </FocusModal>
  )
}
