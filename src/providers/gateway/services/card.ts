import { GatewayBase } from "../core/gateway-base"

/** Direct card payment (/v1/authorise): the storefront posts the card to the plugin's store route. */
export class GatewayCardService extends GatewayBase {
  static identifier = "gateway_card"
  protected readonly method = "card" as const
}
