import { clientAddressVerdict } from "../client-address"

describe("go-live: shoppers' addresses for the card-attempt caps", () => {
  it("fails when requests come through a proxy and client_ip is not set", () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "cf-connecting-ip"]) {
      const v = clientAddressVerdict({ [header]: "203.0.113.7" }, undefined)
      expect(v).toMatchObject({ status: "fail", fix: expect.stringContaining("payments.client_ip") })
      expect(v.detail).toContain(header)
    }
  })

  it("passes a direct request without client_ip, and a proxied one carrying the configured header", () => {
    expect(clientAddressVerdict({ host: "shop" }, undefined).status).toBe("pass")
    expect(clientAddressVerdict({ "x-forwarded-for": "203.0.113.7" }, { header: "X-Forwarded-For" }).status).toBe(
      "pass"
    )
  })

  it("warns when the configured header is missing, and when the command cannot tell", () => {
    expect(clientAddressVerdict({ "x-forwarded-for": "203.0.113.7" }, { header: "cf-connecting-ip" })).toMatchObject({
      status: "warn",
      detail: expect.stringContaining("x-forwarded-for"),
    })
    expect(clientAddressVerdict(null, undefined)).toMatchObject({
      status: "warn",
      fix: expect.stringContaining("admin page"),
    })
    expect(clientAddressVerdict(null, { header: "x-real-ip" }).status).toBe("pass")
  })
})
