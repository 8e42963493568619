import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Button, Container, Text } from "@medusajs/ui"
import { SectionHeader } from "../components/page-header"
import { ErrorState, LoadingState } from "../components/states"
import { useCustomerSavedCards, useDeleteSavedCard } from "../hooks/api/saved-cards"
import { useGatewayAction } from "../hooks/use-gateway-action"
import { formatDate, humanize } from "../lib/format"

/**
 * The customer's cards saved with the card gateway (brand, last 4, expiry; never the token), with delete. Deleting
 * removes the store's record only: the gateway documents no endpoint to delete a token.
 */
const CustomerSavedCardsWidget = ({ data: customer }: DetailWidgetProps<AdminCustomer>) => {
  const { data, isLoading, error } = useCustomerSavedCards(customer.id)
  const remove = useDeleteSavedCard(customer.id)
  const run = useGatewayAction()

  const onDelete = (id: string, label: string) =>
    run(remove, id, {
      confirm: {
        title: "Delete saved card?",
        description: `The customer will no longer be able to pay with the ${label}. They can save it again with their next payment.`,
        confirmText: "Delete",
        danger: true,
      },
      done: `The ${label} was deleted`,
      failed: "Could not delete the saved card",
    })

  return (
    <Container className="divide-y p-0" data-testid="gateway-saved-cards">
      <SectionHeader title="Saved cards" subtitle="Card gateway" />
      {isLoading && <LoadingState />}
      {error && <ErrorState error={error} />}
      {data && !data.saved_cards.length && (
        <Text size="small" className="text-ui-fg-muted px-6 py-4">
          No saved cards. A card is saved when the customer asks for it at checkout and the payment is authorised.
        </Text>
      )}
      {data?.saved_cards.map((card) => {
        const label = `${humanize(card.brand ?? "card")} card ending ${card.last4}`
        return (
          <div
            key={card.id}
            className="flex items-center justify-between gap-4 px-6 py-4"
            data-testid="gateway-saved-card-row"
          >
            <div className="flex flex-col">
              <Text size="small" weight="plus">
                {label}
              </Text>
              <Text size="small" className="text-ui-fg-subtle">
                Expires {card.exp_month}/{card.exp_year} · saved {formatDate(card.created_at)}
                {card.last_used_at ? ` · last used ${formatDate(card.last_used_at)}` : ""}
              </Text>
            </div>
            <div className="flex items-center gap-2">
              {card.expired && (
                <Badge size="2xsmall" color="orange">
                  Expired
                </Badge>
              )}
              <Button
                size="small"
                variant="secondary"
                isLoading={remove.isPending && remove.variables === card.id}
                onClick={() => onDelete(card.id, label)}
              >
                Delete
              </Button>
            </div>
          </div>
        )
      })}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default CustomerSavedCardsWidget
