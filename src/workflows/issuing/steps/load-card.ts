import { MedusaError } from "@medusajs/framework/utils"
import { toGatewayAmount } from "../../../lib/gateway"
import { toMedusaError } from "../../../domain"
import { gatewayModule } from "../../common/operation-context"

type Container = Parameters<typeof gatewayModule>[0]

/** A card of the mirror, or 404 naming it. */
export async function loadCard(container: Container, id: string) {
  const [card] = await gatewayModule(container).listGatewayCards({ id }, { take: 1 })
  if (!card) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Gateway card ${id} was not found`)
  return card
}

/** An amount in a card's or group's currency exponent; extra decimals are refused (400 naming the field). */
export function currencyAmount(amount: string | number, currency: string, field: string, operation: string): string {
  try {
    return toGatewayAmount(amount, currency, { field })
  } catch (e) {
    throw toMedusaError(e, operation)
  }
}
