/** What every admin answer shares. */

/**
 * What JSON makes of what a route sends: dates become ISO text (Date#toJSON), the rest stays. The routes are
 * typed with the records they send; the admin's hooks read `Json<...>` of the same types.
 */
export type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T

/** A list route's answer: the page of records under `key`, the total count and the page asked for. */
export type ListResponse<K extends string, T> = { [key in K]: T[] } & { count: number; offset: number; limit: number }
