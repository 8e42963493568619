import { AbstractPaymentProvider } from "@medusajs/framework/utils"
import { GatewayProviderOptions, validateProviderOptions } from "./options"

/** Shared logic of the gateway's payment providers; the services in ../services differ only in method. */
export abstract class GatewayBase extends AbstractPaymentProvider<GatewayProviderOptions> {
  static validateOptions(options: Record<string, unknown>): void {
    validateProviderOptions(options)
  }
}
