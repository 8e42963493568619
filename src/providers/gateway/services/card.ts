import { GatewayBase } from "../core/gateway-base"

export class GatewayCardService extends GatewayBase {
  static identifier = "gateway_card"
}
