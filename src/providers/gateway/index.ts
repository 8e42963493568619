import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { GatewayApmService } from "./services/apm"
import { GatewayCardService } from "./services/card"
import { GatewayHostedService } from "./services/hosted"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayCardService, GatewayHostedService, GatewayApmService],
})
