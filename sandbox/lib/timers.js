// @ts-check
"use strict"
/**
 * Timers that never keep the process alive (unref'd) and that close()/reset() cancel all at once.
 */

function createTimers() {
  /** @type {Set<NodeJS.Timeout>} */
  const pending = new Set()
  return {
    /**
     * Run fn after ms. @param {number} ms @param {() => void} fn
     * @returns {NodeJS.Timeout}
     */
    after(ms, fn) {
      const t = setTimeout(
        () => {
          pending.delete(t)
          fn()
        },
        Math.max(0, ms)
      )
      t.unref()
      pending.add(t)
      return t
    },
    /** A promise that resolves after ms (resolves at once when cancelled). @param {number} ms */
    sleep(ms) {
      if (!(ms > 0)) return Promise.resolve()
      return new Promise((resolve) => {
        const t = setTimeout(() => {
          pending.delete(t)
          resolve(undefined)
        }, ms)
        t.unref()
        pending.add(t)
      })
    },
    /** @param {NodeJS.Timeout} t */
    cancel(t) {
      clearTimeout(t)
      pending.delete(t)
    },
    clearAll() {
      for (const t of pending) clearTimeout(t)
      pending.clear()
    },
    get size() {
      return pending.size
    },
  }
}

module.exports = { createTimers }
