import { GatewayBase } from "../core/gateway-base"

/** Alternative payment methods (/v1/authorise with payment_method): the shopper is redirected. */
export class GatewayApmService extends GatewayBase {
  static identifier = "gateway_apm"
  protected readonly method = "apm" as const
}
