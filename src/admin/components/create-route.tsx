import { Button, FocusModal, Heading, Text } from "@medusajs/ui"
import type { UseMutationResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form"
import { Link, useLocation, useNavigate } from "react-router-dom"
import { type ActionTexts, useGatewayAction } from "../hooks/use-gateway-action"

/**
 * Create forms have their own URL (`/gateway/cards/create`, `/gateway/groups/track`: a child route of the
 * list, which stays behind the modal). The list links to it with where it was (its filters and page), and
 * closing goes back there (or to the list when the form was opened by its URL); `openRecord(id)` shows the new
 * record's page (`/gateway/cards/{id}`) in the form's place.
 */
function useRouteModal() {
  const navigate = useNavigate()
  const { state, pathname } = useLocation()
  const list = pathname.replace(/\/[^/]+$/, "")
  const from = (state as { from?: string } | null)?.from ?? list
  return {
    close: () => navigate(from, { replace: true }),
    openRecord: (id: string) => navigate(`${list}/${id}`, { replace: true }),
  }
}

/** The "Create" button of a list: opens the list's create route (`@create`, or another child form's, `to`). */
export const CreateLink = ({
  testId,
  children,
  to = "create",
}: {
  testId: string
  children?: ReactNode
  to?: string
}) => {
  const { pathname, search } = useLocation()
  return (
    <Button size="small" variant="secondary" asChild>
      <Link to={`${pathname}/${to}`} state={{ from: `${pathname}${search}` }} data-testid={testId}>
        {children ?? "Create"}
      </Link>
    </Button>
  )
}

/**
 * Every create form: a focus modal over its list with Cancel / submit in its header, and its `copy` (title,
 * description, the submit button's label; the button's test id is `${testId}-submit`, `testId` being its list's
 * link's). Submitting sends the form's body with `mutation` and toasts the answer; then the new record's page
 * opens (`detail`: the key of the answer that holds it, its page being beside the list's), or the list again.
 */
export function CreateRouteModal<V extends FieldValues, O, R>(props: {
  form: UseFormReturn<V, unknown, O>
  mutation: UseMutationResult<R, Error, O>
  texts: ActionTexts<R>
  detail?: { [K in keyof R]: R[K] extends { id: string } ? K : never }[keyof R]
  copy: { title: string; description: ReactNode; submit: string }
  testId: string
  children: ReactNode
}) {
  const { close, openRecord } = useRouteModal()
  const run = useGatewayAction()
  const { detail, copy } = props
  const submit = (body: O) =>
    run(props.mutation, body, props.texts, (result) =>
      detail ? openRecord((result[detail] as { id: string }).id) : close()
    )
  return (
    <FocusModal open onOpenChange={(open) => !open && close()}>
      <FocusModal.Content>
        <FormProvider {...props.form}>
          <form onSubmit={props.form.handleSubmit(submit)} className="flex h-full flex-col overflow-hidden" noValidate>
            <FocusModal.Header>
              <div className="flex items-center justify-end gap-x-2">
                <FocusModal.Close asChild>
                  <Button size="small" variant="secondary" type="button">
                    Cancel
                  </Button>
                </FocusModal.Close>
                <Button
                  size="small"
                  type="submit"
                  isLoading={props.mutation.isPending}
                  data-testid={`${props.testId}-submit`}
                >
                  {copy.submit}
                </Button>
              </div>
            </FocusModal.Header>
            <FocusModal.Body className="flex flex-1 flex-col items-center overflow-y-auto py-16">
              <div className="flex w-full max-w-[720px] flex-col gap-y-8 px-2">
                <div>
                  <Heading>{copy.title}</Heading>
                  <Text size="small" className="text-ui-fg-subtle">
                    {copy.description}
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
