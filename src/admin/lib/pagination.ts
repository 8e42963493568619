import { useState } from "react"

export const PAGE_SIZE = 20

/** Page index and the offset/limit query of a list. */
export function usePagination(pageSize = PAGE_SIZE) {
  const [pageIndex, setPageIndex] = useState(0)
  return { pageIndex, setPageIndex, pageSize, query: { offset: pageIndex * pageSize, limit: pageSize } }
}
