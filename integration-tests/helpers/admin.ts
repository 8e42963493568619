import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"

/** Creates an admin user the way Medusa's auth does (with the given `id`, if any) and returns request headers carrying its JWT. */
export async function createAdminHeaders(container: MedusaContainer, email = "admin@gateway.test", id?: string) {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const user = await userModule.createUsers({ email, ...(id ? { id } : {}) } as { email: string })
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

/** Headers of an admin secret API key (Medusa takes it on /admin as HTTP Basic auth). */
export async function createSecretKeyHeaders(container: MedusaContainer) {
  const key = await container
    .resolve(Modules.API_KEY)
    .createApiKeys({ title: "script", type: "secret", created_by: "test" })
  return { headers: { authorization: `Basic ${Buffer.from(`${key.token}:`).toString("base64")}` } }
}
