/**
 * The return page component (`GatewayReturn`), rendered by React itself (react-dom's client renderer, no test
 * renderer): the states it goes through are read through its `children` render prop, the same state its own markup
 * shows ("declined" with "Pay again", "requires_more" with "Check again"). The kit's tests run in Node without a
 * DOM: the render prop renders nothing, so the root only needs a container React can attach its listeners to.
 */
import * as React from "react"
import { createRoot, type Root } from "react-dom/client"
import type { ReturnState } from "../react/gateway-return.js"
import type { CompletionResult } from "../types.js"

type Component = typeof import("../react/gateway-return.js")
let GatewayReturn: Component["GatewayReturn"]

beforeAll(async () => {
  // The tests' transform compiles JSX to React.createElement (the kit's build uses the automatic runtime), and the
  // component reads `window` (leaveFrame: is the page inside the hosted page's frame?): a whole window, not a frame.
  Object.assign(globalThis, { React, window: { HTMLIFrameElement: class HTMLIFrameElement {} } })
  // Jest resolves this project's modules by .js/.ts only: the component is loaded by its own file name.
  ;({ GatewayReturn } = (await import("../react/gateway-return.tsx" as string)) as Component)
})
afterAll(() => {
  delete (globalThis as { window?: unknown }).window
})

/** A container React can render into when nothing is rendered into it. */
function container() {
  const listeners = { addEventListener() {}, removeEventListener() {} }
  return {
    nodeType: 1,
    nodeName: "DIV",
    tagName: "DIV",
    namespaceURI: "http://www.w3.org/1999/xhtml",
    textContent: "",
    ownerDocument: { ...listeners, nodeType: 9 },
    ...listeners,
  } as unknown as Element
}

let root: Root | null = null
afterEach(() => {
  root?.unmount()
  root = null
})

/** Renders the return page with `complete`; answers every state it showed, once it stops confirming. */
async function returnPage(complete: () => Promise<CompletionResult | null>) {
  const states: ReturnState[] = []
  root = createRoot(container())
  root.render(
    React.createElement(GatewayReturn, {
      complete,
      payAgain: "/checkout?step=payment",
      wait: { attempts: 2, intervalMs: 1 },
      children: (state: ReturnState) => {
        if (states[states.length - 1] !== state) states.push(state)
        return null
      },
    })
  )
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5))
    const last = states[states.length - 1]
    if (last && last.type !== "confirming" && last.type !== "leaving") return states
  }
  throw new Error(`still confirming: ${JSON.stringify(states)}`)
}

describe("GatewayReturn: the return page", () => {
  it("shows 'still processing' with 'Check again', never a decline with 'Pay again', when completing throws", async () => {
    // E.g. the server action's request fails on a flaky connection: the shopper back from 3-D Secure may have paid.
    let calls = 0
    const states = await returnPage(async () => {
      calls++
      throw new TypeError("Failed to fetch")
    })
    expect(states[0]).toEqual({ type: "confirming" })
    expect(states[states.length - 1]).toEqual({
      type: "requires_more",
      message: "The payment could not be confirmed yet.",
    })
    expect(states.some((s) => s.type === "declined")).toBe(false)
    expect(calls).toBe(2) // the bounded wait tried again
  })

  it("shows the order once completing answers after a failed call", async () => {
    const order: CompletionResult = { type: "order", order: { id: "order_1", display_id: 7 } }
    let calls = 0
    const states = await returnPage(async () => {
      if (++calls === 1) throw new Error("An unexpected response was received from the server.")
      return order
    })
    expect(states[states.length - 1]).toEqual(order)
  })

  it("shows a decline (with 'Pay again') only when the store answered one", async () => {
    const declined: CompletionResult = {
      type: "declined",
      message: "The card was declined. Use another card or payment method.",
      code: "declined",
    }
    let calls = 0
    const states = await returnPage(async () => {
      calls++
      return declined
    })
    expect(states[states.length - 1]).toEqual(declined)
    expect(calls).toBe(1)
  })
})
