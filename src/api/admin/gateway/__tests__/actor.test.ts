/** Who an admin request is for the audit and the reveal: named from Medusa's auth context, never assumed a user. */
import { actorOf } from "../actor"

const req = (auth_context: unknown) => ({ auth_context }) as any

describe("actorOf", () => {
  it("names users and API keys, and anything else as other (no user rule applies to it)", () => {
    expect(actorOf(req({ actor_type: "user", actor_id: "user_1" }))).toEqual({ type: "user", id: "user_1" })
    expect(actorOf(req({ actor_type: "api-key", actor_id: "apk_1" }))).toEqual({ type: "api-key", id: "apk_1" })
    expect(actorOf(req({ actor_type: "customer", actor_id: "cus_1" }))).toEqual({ type: "other", id: "cus_1" })
    expect(actorOf(req(undefined))).toEqual({ type: "other", id: null })
  })
})
