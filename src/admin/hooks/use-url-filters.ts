import { useSearchParams } from "react-router-dom"

/**
 * Filters kept in the URL's query string (`?status=active&page=2`), so a filtered page can be linked and
 * reloaded: the values of `keys`, and a setter of several at once (an empty value removes one). Setting
 * replaces the history entry: a change of filter is no page to go back to.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams()
  const filters = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined])) as Record<K, string | undefined>
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k)
        return next
      },
      { replace: true }
    )
  return { filters, set }
}
