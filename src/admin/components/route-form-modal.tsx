import { Button, FocusModal, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form"
import { Link, useLocation, useNavigate } from "react-router-dom"

/**
 * Create forms have their own URL (`/gateway/cards/create`, a child route of the list, which stays behind the
 * modal). The list links to it with where it was (its filters and page), and closing goes back there.
 */
export function useRouteModal(list: string) {
  const navigate = useNavigate()
  const from = (useLocation().state as { from?: string } | null)?.from ?? list
  return { close: () => navigate(from, { replace: true }), navigate }
}

/** The "Create" button of a list: opens the list's create route. */
export const CreateLink = ({ testId, children = "Create" }: { testId: string; children?: ReactNode }) => {
  const { pathname, search } = useLocation()
  return (
    <Button size="small" variant="secondary" asChild>
      <Link to={`${pathname}/create`} state={{ from: `${pathname}${search}` }} data-testid={testId}>
        {children}
      </Link>
    </Button>
  )
}

/** The shell of every create form: a focus modal with Cancel / submit in its header, a title and a description. */
export function RouteFormModal<V extends FieldValues, O>(props: {
  form: UseFormReturn<V, unknown, O>
  onSubmit: (body: O) => void
  onClose: () => void
  title: string
  description: ReactNode
  submitLabel: string
  submitTestId: string
  isPending: boolean
  children: ReactNode
}) {
  return (
    <FocusModal open onOpenChange={(open) => !open && props.onClose()}>
      <FocusModal.Content>
        <FormProvider {...props.form}>
          <form onSubmit={props.form.handleSubmit(props.onSubmit)} className="flex h-full flex-col overflow-hidden" noValidate>
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
        </FormProvider>
      </FocusModal.Content>
    </FocusModal>
  )
}
