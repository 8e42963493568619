import { EyeSlash } from "@medusajs/icons"
import { Button, Copy, Text } from "@medusajs/ui"
import { useEffect, useState, type ReactNode } from "react"
import type { AdminGatewayRevealedCard } from "../../../../../types/http"

export const REVEAL_SECONDS = 15

const group4 = (n: string) => n.replace(/(\d{4})(?=\d)/g, "$1 ")

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="xsmall" className="text-ui-fg-muted">
      {label}
    </Text>
    <div className="flex items-center gap-x-1">{children}</div>
  </div>
)

const Mono = ({ children }: { children: ReactNode }) => (
  <Text size="small" weight="plus" className="font-mono">
    {children}
  </Text>
)

/**
 * The card's full number and CVV, shown once: kept only in this component's state (never in the query cache),
 * dropped after REVEAL_SECONDS or on "Hide".
 */
export const RevealedCardPanel = ({ card, onHide }: { card: AdminGatewayRevealedCard; onHide: () => void }) => {
  const [left, setLeft] = useState(REVEAL_SECONDS)
  useEffect(() => {
    const t = setInterval(() => setLeft((s) => s - 1), 1000)
    return () => clearInterval(t)
  }, [])
  useEffect(() => {
    if (left <= 0) onHide()
  }, [left, onHide])
  return (
    <div className="bg-ui-bg-subtle flex items-center justify-between gap-x-4 px-6 py-4" data-testid="card-revealed">
      <div className="grid grid-cols-3 gap-x-8">
        <Detail label="Card number">
          <Mono>{card.number ? group4(card.number) : "-"}</Mono>
          {card.number && <Copy content={card.number} />}
        </Detail>
        <Detail label="CVV">
          <Mono>{card.cvv ?? "-"}</Mono>
        </Detail>
        <Detail label="Expiry">
          <Mono>
            {card.expiry_month}/{card.expiry_year}
          </Mono>
        </Detail>
      </div>
      <div className="flex items-center gap-x-3">
        <Text size="xsmall" className="text-ui-fg-muted">
          Hidden in {left}s
        </Text>
        <Button size="small" variant="secondary" onClick={onHide}>
          <EyeSlash />
          Hide
        </Button>
      </div>
    </div>
  )
}
