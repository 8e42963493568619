import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { Json } from "../../../types/http"
import { sdk } from "../../lib/sdk"
import { cleanQuery, queryKeys, type QueryKeys } from "./query-keys"

/**
 * The three shapes of the plugin's admin calls, typed with the routes' answer types (src/types/http): `R` is
 * what the route sends, the hooks give `Json<R>`, what the browser receives.
 */

/** A page of a list route; the previous page stays shown while the next one loads. */
export const useListQuery = <R>(
  keys: QueryKeys,
  path: string,
  query: Record<string, unknown>,
  options: { enabled?: boolean } = {}
) =>
  useQuery({
    queryKey: keys.list(query),
    queryFn: () => sdk.client.fetch<Json<R>>(path, { query: cleanQuery(query) }),
    placeholderData: (previous) => previous,
    ...options,
  })

/** One record. */
export const useDetailQuery = <R>(keys: QueryKeys, path: string, id: string, options: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: keys.detail(id), queryFn: () => sdk.client.fetch<Json<R>>(`${path}/${id}`), ...options })

/**
 * A call that changes records (POST, or DELETE without a body); the resources it touches are read again. The
 * SDK sends `Content-Type: application/json` on every call, which the admin API requires of each POST (CSRF).
 */
export const useChange = <R, V = void>(
  request: (variables: V) => {
    path: string
    method?: "POST" | "DELETE"
    body?: object
    headers?: Record<string, string>
  },
  touches: QueryKeys[]
) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: V) => {
      const { path, method = "POST", body = {}, headers } = request(variables)
      return sdk.client.fetch<Json<R>>(path, method === "DELETE" ? { method, headers } : { method, body, headers })
    },
    onSuccess: () => Promise.all(touches.map((keys) => queryClient.invalidateQueries({ queryKey: keys.all }))),
  })
}

/**
 * A resource of the admin API at `path`: its query keys, a page of its list (`L`, the list route's answer), one
 * record (`D`, the detail route's answer) and an action on one record without a body (POST
 * `{path}/{id}/{action}`, answering `R`, by default the record).
 */
export function resource<L, D>(name: string, path: string) {
  const keys = queryKeys(name)
  return {
    keys,
    path,
    useList: (query: Record<string, unknown>, options: { enabled?: boolean } = {}) =>
      useListQuery<L>(keys, path, query, options),
    useDetail: (id: string, options: { enabled?: boolean } = {}) => useDetailQuery<D>(keys, path, id, options),
    useAction: <R = D>(id: string, action: string) => useChange<R>(() => ({ path: `${path}/${id}/${action}` }), [keys]),
  }
}
