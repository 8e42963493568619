/**
 * The admin forms validate with the admin API's own zod schemas (src/api/admin/gateway/schemas) through
 * react-hook-form's zodResolver: a form cannot accept what the API refuses, and its messages are the API's
 * rules, in the gateway library's words.
 */
import { zodResolver } from "@hookform/resolvers/zod"
import { useMemo } from "react"
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form"
import { z } from "zod"
import { checkAmounts } from "../../lib/gateway/schema-helpers"
import { ruleOf } from "../../lib/gateway/validate"

/** What a form sends: its texts trimmed, and blank fields left out (the API takes an absent field, not ""). */
export function submitted(value: unknown): unknown {
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim()
  if (Array.isArray(value)) return value.map(submitted)
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => [k, submitted(v)] as const)
    return Object.fromEntries(entries.filter(([, v]) => v !== undefined))
  }
  return value
}

/**
 * A form over `schema`: the values go through `prepare` (by default `submitted`) and then the schema; the
 * submit handler gets the schema's output, the body to send. Messages without one of the schema's own are
 * the library's rule for the issue ("must be at most 64 characters").
 */
export function useSchemaForm<Values extends FieldValues, S extends z.ZodType>(
  schema: S,
  defaultValues: DefaultValues<Values>,
  prepare: (values: Values) => unknown = submitted as (values: Values) => unknown
) {
  const resolver = useMemo(() => {
    // The form's values are `Values`; what the schema sees is what `prepare` makes of them.
    const prepared = z.preprocess((v) => prepare(v as Values), schema) as unknown as z.ZodType<z.output<S>, Values>
    return zodResolver(prepared, { error: (issue: z.core.$ZodRawIssue) => ruleOf(issue, issue.input) })
  }, [schema, prepare])
  return useForm<Values, unknown, z.output<S>>({ resolver, defaultValues })
}

/** Adds the currency's decimals rule to an amount field whose currency only the form knows (a card's, a group's). */
export const withCurrency = <S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  field: string,
  currency: string | null | undefined
) =>
  currency
    ? schema.superRefine((v, ctx) => checkAmounts({ [field]: v[field], currency }, ctx, [[field, "currency"]]))
    : schema
