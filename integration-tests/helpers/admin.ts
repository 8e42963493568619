import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"

/** Creates an admin user the way Medusa's auth does and returns request headers carrying its JWT. */
export async function createAdminHeaders(container: MedusaContainer, email = "admin@gateway.test") {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const user = await userModule.createUsers({ email })
  const authIdentity = await authModule.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: email }],
    app_metadata: { user_id: user.id },
  })
  const token = jwt.sign(
    { actor_id: user.id, actor_type: "user", auth_identity_id: authIdentity.id, app_metadata: { user_id: user.id } },
    process.env.JWT_SECRET || "supersecret",
    { expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` } }
}
