import { Module } from "@medusajs/framework/utils"
import GatewayModuleService from "./service"
import checkPaymentDependency from "./loaders/payment-dependency"
import warnUnsharedLocking from "./loaders/locking-provider"

export const GATEWAY_MODULE = "gateway"

export default Module(GATEWAY_MODULE, {
  service: GatewayModuleService,
  loaders: [checkPaymentDependency, warnUnsharedLocking],
})

// `container.resolve("gateway")` is typed everywhere (routes, jobs, subscribers, workflows) without importing
// the service's path.
declare module "@medusajs/framework/types" {
  interface ModuleImplementations {
    gateway: GatewayModuleService
  }
}
