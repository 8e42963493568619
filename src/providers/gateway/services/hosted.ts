import { GatewayBase } from "../core/gateway-base"

/** The gateway's hosted (iFrame) payment page (/v1/checkout): card data stays at the gateway. */
export class GatewayHostedService extends GatewayBase {
  static identifier = "gateway_hosted"
  protected readonly method = "hosted" as const
}
