/**
 * Copying objects that came from outside (a notification body, a gateway answer): `out[key] = value` with the key
 * `__proto__` replaces the copy's prototype instead of adding a field, so the copy would *inherit* fields its
 * own keys do not hold (a decoded `order_no` the signature never saw). `constructor` and `prototype` shadow what
 * every object inherits. None of them is ever a field of the gateway's: they are never copied.
 */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"])

export const isUnsafeKey = (key: string): boolean => UNSAFE_KEYS.has(key)

/** An object's own enumerable entries without the unsafe keys. */
export function safeEntries(value: object): [string, unknown][] {
  return Object.entries(value).filter(([k]) => !UNSAFE_KEYS.has(k))
}
