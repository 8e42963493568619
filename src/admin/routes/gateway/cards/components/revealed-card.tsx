import { EyeSlash } from "@medusajs/icons"
import { Button, Copy, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import type { RevealedCard } from "../../../../lib/types"

export const REVEAL_SECONDS = 15

const group4 = (n: string) => n.replace(/(\d{4})(?=\d)/g, "$1 ")

/**
 * The card's full number and CVV, shown once: kept only in this component's state (never in the query cache),
 * dropped after REVEAL_SECONDS or on "Hide".
 */
export const RevealedCardPanel = ({ card, onHide }: { card: RevealedCard; onHide: () => void }) => {
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
        <div>
          <Text size="xsmall" className="text-ui-fg-muted">
            Card number
          </Text>
          <div className="flex items-center gap-x-1">
            <Text size="small" weight="plus" className="font-mono">
              {card.number ? group4(card.number) : "-"}
            </Text>
            {card.number && <Copy content={card.number} />}
          </div>
        </div>
        <div>
          <Text size="xsmall" className="text-ui-fg-muted">
            CVV
          </Text>
          <Text size="small" weight="plus" className="font-mono">
            {card.cvv ?? "-"}
          </Text>
        </div>
        <div>
          <Text size="xsmall" className="text-ui-fg-muted">
            Expiry
          </Text>
          <Text size="small" weight="plus" className="font-mono">
            {card.expiry_month}/{card.expiry_year}
          </Text>
        </div>
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
