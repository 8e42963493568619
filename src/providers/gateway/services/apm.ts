import { GatewayBase } from "../core/gateway-base"

export class GatewayApmService extends GatewayBase {
  static identifier = "gateway_apm"
}
