/** Polls `fn` until it returns a truthy value (returned), or fails naming `what` after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 20000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 150))
  }
}
