import { GatewayBase } from "../core/gateway-base"

export class GatewayHostedService extends GatewayBase {
  static identifier = "gateway_hosted"
}
