import { Hint, Input, Label } from "@medusajs/ui"
import type { ComponentProps, ReactNode } from "react"
import { Controller, get, useFormContext } from "react-hook-form"
import { type Option, OptionsSelect } from "./filter-select"

/**
 * A labelled form field with its validation message. The message is the API's rule for the field ("must be
 * at most 64 characters"), shown after the field's label.
 */
export const FormField = ({
  label,
  name,
  optional,
  error,
  children,
  hint,
}: {
  label: string
  name: string
  optional?: boolean
  error?: string
  hint?: string
  children: ReactNode
}) => (
  <div className="flex flex-col gap-y-2">
    <Label htmlFor={name} size="small" weight="plus">
      {label}
      {optional && <span className="text-ui-fg-muted font-normal"> (optional)</span>}
    </Label>
    {children}
    {error ? (
      <Hint variant="error" data-testid={`error-${name}`}>
        {`${label} ${error}`}
      </Hint>
    ) : (
      hint && <Hint>{hint}</Hint>
    )}
  </div>
)

/** The id of a field's input: the last part of its name (`beneficiary.address.city` → `city`), unique per form. */
export const fieldId = (name: string) => name.split(".").pop()!

/** The message react-hook-form holds for a field (of the form around it). */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext()
  return get(formState.errors, name)?.message
}

/** A text input of the form around it (FormProvider), registered under `name`. */
export const TextField = ({
  name,
  label,
  optional,
  hint,
  ...input
}: { name: string; label: string; optional?: boolean; hint?: string } & Omit<
  ComponentProps<typeof Input>,
  "name" | "id"
>) => {
  const { register } = useFormContext()
  const error = useFieldError(name)
  const id = fieldId(name)
  return (
    <FormField label={label} name={id} optional={optional} error={error} hint={hint}>
      <Input id={id} {...input} {...register(name)} aria-invalid={!!error} />
    </FormField>
  )
}

/** A choice among `options` of the form around it, registered under `name`. */
export const SelectField = ({
  name,
  label,
  placeholder,
  options,
}: {
  name: string
  label: string
  placeholder?: string
  options: Option[]
}) => {
  const { control } = useFormContext()
  const id = fieldId(name)
  return (
    <FormField label={label} name={id} error={useFieldError(name)}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <OptionsSelect
            id={id}
            value={field.value}
            onChange={field.onChange}
            placeholder={placeholder}
            options={options}
          />
        )}
      />
    </FormField>
  )
}
