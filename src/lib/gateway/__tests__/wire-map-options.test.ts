/**
 * The wire map's and the status tables' options are checked when a client is made: a bad entry throws a
 * GatewayOptionsError naming it.
 */
import { AcquiringClientOptions, GatewayOptionsError } from "../index"
import { useWireClients } from "./helpers/wire-clients"

const { acquiring, issuing } = useWireClients()

describe("options are checked, naming the entry", () => {
  const bad: [string, Partial<AcquiringClientOptions>, string, RegExp][] = [
    [
      "unknown operation",
      { fieldNames: { autorise: { card: "pan" } } },
      "fieldNames.autorise",
      /not a known operation/,
    ],
    [
      "not a path",
      { fieldNames: { authorise: { "card..x": "pan" } } },
      "fieldNames.authorise.card..x",
      /not a field path/,
    ],
    [
      "unknown field",
      { fieldNames: { authorise: { expiraton_month: "m" } } },
      "fieldNames.authorise.expiraton_month",
      /not a field that authorise sends or reads/,
    ],
    [
      "bad wire name",
      { fieldNames: { authorise: { card: "pan number" } } },
      "fieldNames.authorise.card",
      /gateway's field name/,
    ],
    [
      "same wire name twice",
      { fieldNames: { authorise: { card: "x", token_id: "x" } } },
      "fieldNames.authorise.token_id",
      /same gateway name "x"/,
    ],
    [
      "bad value",
      { fieldValues: { payment: { platform_source: 3 as never } } },
      "fieldValues.payment.platform_source",
      /a text .*null .*object/,
    ],
    [
      "ambiguous translation",
      { fieldValues: { orderQuery: { "orders_list[].payment_status": { "3000": "P", "4100": "P" } } } },
      "fieldValues.orderQuery.orders_list[].payment_status.4100",
      /already read as "3000"/,
    ],
    ["not an object", { fieldNames: [] as never }, "fieldNames", /object keyed by operation/],
  ]
  it.each(bad)("%s", (_name, options, option, rule) => {
    let error: unknown
    try {
      acquiring(options)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(GatewayOptionsError)
    expect((error as GatewayOptionsError).option).toBe(option)
    expect((error as Error).message).toMatch(rule)
  })

  it("issuing: an unknown field of an operation", () => {
    expect(() => issuing({ fieldNames: { cardQuery: { card: "x" } } })).toThrow(
      /"fieldNames.cardQuery.card" is not a field that cardQuery sends/
    )
    expect(() => issuing({ statusCodes: { ok: [] } })).toThrow(/statusCodes.ok/)
  })
})
