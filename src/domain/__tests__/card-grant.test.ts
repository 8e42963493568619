import { signCardGrant, verifyCardGrant } from "../card-grant"

const SECRET = "supersecret"
const claims = { session_id: "payses_1", cart_id: "cart_1", customer_id: "cus_1" }
const NOW = new Date("2026-11-25T12:00:00Z")
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)

describe("card grants", () => {
  it("speak for their customer, for their session and cart, until they expire (15 minutes)", () => {
    const { grant, expires_at } = signCardGrant(SECRET, claims, NOW)
    expect(expires_at).toBe("2026-11-25T12:15:00.000Z")
    expect(verifyCardGrant(SECRET, grant, { session_id: "payses_1", cart_id: "cart_1" }, at(14))).toBe("cus_1")
    expect(verifyCardGrant(SECRET, grant, { session_id: "payses_1", cart_id: "cart_1" }, at(15))).toBeNull()
    expect(verifyCardGrant(SECRET, grant, { session_id: "payses_2", cart_id: "cart_1" }, NOW)).toBeNull()
    expect(verifyCardGrant(SECRET, grant, { session_id: "payses_1", cart_id: "cart_2" }, NOW)).toBeNull()
  })

  it("cannot be altered or made without the store's secret", () => {
    const { grant } = signCardGrant(SECRET, claims, NOW)
    const [prefix, body, mac] = grant.split(".")
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), u: "cus_2" })
    ).toString("base64url")
    expect(
      verifyCardGrant(SECRET, `${prefix}.${other}.${mac}`, { session_id: "payses_1", cart_id: "cart_1" }, NOW)
    ).toBeNull()
    expect(verifyCardGrant("another-secret", grant, { session_id: "payses_1", cart_id: "cart_1" }, NOW)).toBeNull()
    for (const bad of ["", "cg1", "cg1..", `cg2.${body}.${mac}`, `${grant}x`, "Bearer abc"]) {
      expect(verifyCardGrant(SECRET, bad, { session_id: "payses_1", cart_id: "cart_1" }, NOW)).toBeNull()
    }
    expect(() => signCardGrant("", claims, NOW)).toThrow(/JWT secret/)
  })
})
