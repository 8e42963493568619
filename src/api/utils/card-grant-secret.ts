import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** The key card grants are signed with: the store's JWT secret (the one that signs its customers' tokens). */
export function cardGrantSecret(scope: MedusaContainer): string {
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as {
    projectConfig?: { http?: { jwtSecret?: string } }
  }
  return config.projectConfig?.http?.jwtSecret ?? ""
}
