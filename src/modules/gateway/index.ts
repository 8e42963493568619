import { Module } from "@medusajs/framework/utils"
import GatewayModuleService from "./service"

export const GATEWAY_MODULE = "gateway"

export default Module(GATEWAY_MODULE, {
  service: GatewayModuleService,
})
