/**
 * Query validators of the list and detail routes (server side: Medusa's find-params). The bodies are in
 * ./schemas, shared with the admin forms.
 */
import { z } from "zod"
import { createFindParams, createOperatorMap } from "@medusajs/medusa/api/utils/validators"

/** A comma list or array of ids/values, for `?status=active,blocked` or `?status[]=...`. */
export const oneOrMany = (inner: z.ZodType<string>) => z.union([inner, z.array(inner)]).optional()

/** One of the listed statuses, or several. */
export const statusFilter = (statuses: readonly [string, ...string[]]) =>
  oneOrMany(z.enum(statuses, { error: `status must be ${statuses.join(", ")}` }))

/**
 * A list route's query: pagination (offset, limit, order, fields), the creation- and update-date filters,
 * `id`, and the route's own filters.
 */
export const listQuery = <F extends z.ZodRawShape>(filters: F) =>
  createFindParams({ offset: 0, limit: 20, order: "-created_at" }).extend({
    created_at: createOperatorMap().optional(),
    updated_at: createOperatorMap().optional(),
    id: oneOrMany(z.string()),
    ...filters,
  })

/** A detail route's query. */
export const retrieveQuery = z.object({ fields: z.string().optional() })

/** The fields a route answers by default: every field of the model but `except`, and the record's dates. */
export const fieldsOf = (
  model: { schema: Record<string, unknown> },
  except: readonly string[] = [],
  dates = ["created_at", "updated_at"]
) => [...Object.keys(model.schema).filter((f) => !except.includes(f)), ...dates]
