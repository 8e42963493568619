import { ArrowPath, Eye, EllipsisHorizontal, LockClosedSolid, LockOpenSolid, XCircle } from "@medusajs/icons"
import { Button, DropdownMenu, IconButton } from "@medusajs/ui"
import { type ReactNode, useCallback, useState } from "react"
import type { AdminGatewayRevealedCard } from "../../../../../types/http"
import { AmountPrompt } from "../../../../components/amount-prompt"
import { DetailPage, useRouteId } from "../../../../components/detail-page"
import { LinkRow, SectionRow, SyncedRows } from "../../../../components/section-row"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useCard, useCardAction, useRevealCard, type CardAction } from "../../../../hooks/api/cards"
import { useGatewayAction, type Confirm } from "../../../../hooks/use-gateway-action"
import { formatAmount, humanize } from "../../../../lib/format"
import { REVEAL_SECONDS, RevealedCardPanel } from "../components/revealed-card"

type AmountAction = "limit" | "recharge" | "withdraw"
type Texts = { done: string; failed: string }

const AMOUNT_ACTIONS: Record<
  AmountAction,
  Texts & { button: string; title: string; description: string; confirmText: string }
> = {
  recharge: {
    button: "Recharge",
    title: "Recharge the card",
    description: "Moves the amount from the card's group to the card.",
    confirmText: "Recharge",
    done: "Card recharged",
    failed: "Could not recharge the card",
  },
  withdraw: {
    button: "Withdraw",
    title: "Withdraw from the card",
    description: "Moves the amount from the card back to its group.",
    confirmText: "Withdraw",
    done: "Amount withdrawn",
    failed: "Could not withdraw from the card",
  },
  limit: {
    button: "Change limit",
    title: "Change the card's limit",
    description: "Sets a new spending limit on this shared card.",
    confirmText: "Change limit",
    done: "Limit changed",
    failed: "Could not change the limit",
  },
}

/** The actions asked first; `button` and `icon` are their button's label and icon. */
const CONFIRMED: Record<"block" | "activate" | "close", Texts & { confirm: Confirm; button: string; icon: ReactNode }> =
  {
    block: {
      button: "Block",
      icon: <LockClosedSolid />,
      confirm: {
        title: "Block this card?",
        description: "Payments with the card are refused until it is activated again.",
        confirmText: "Block",
        danger: true,
      },
      done: "Card blocked",
      failed: "Could not block the card",
    },
    activate: {
      button: "Activate",
      icon: <LockOpenSolid />,
      confirm: {
        title: "Activate this card?",
        description: "The card can be used for payments again.",
        confirmText: "Activate",
      },
      done: "Card activated",
      failed: "Could not activate the card",
    },
    close: {
      button: "Close card",
      icon: <XCircle />,
      confirm: {
        title: "Close this card?",
        description: "The card is closed for good and its balance returns to the group.",
        confirmText: "Close card",
        danger: true,
      },
      done: "Card closed",
      failed: "Could not close the card",
    },
  }

const CardDetailPage = () => {
  // The actions live in the page: the header's, the amount prompt and the revealed details share its state.
  const id = useRouteId()
  const action = useCardAction(id)
  const reveal = useRevealCard(id)
  const run = useGatewayAction()
  const [amountAction, setAmountAction] = useState<AmountAction | null>(null)
  const [revealed, setRevealed] = useState<AdminGatewayRevealedCard | null>(null)
  // The number and CVV live only in `revealed`: the mutation's own copy is dropped as soon as it is read, and
  // hiding drops both.
  const { reset: forgetReveal } = reveal
  const hide = useCallback(() => {
    setRevealed(null)
    forgetReveal()
  }, [forgetReveal])

  const act = (
    a: CardAction,
    texts: Texts & { confirm?: Confirm },
    amount?: string,
    after?: () => void,
    key?: string
  ) => run(action, { action: a, amount, key }, texts, after)
  const onReveal = () =>
    run(
      reveal,
      undefined,
      {
        confirm: {
          title: "Reveal the card's details?",
          description: `The full card number and CVV are fetched from the gateway, shown for ${REVEAL_SECONDS} seconds and recorded in the audit under your name.`,
          confirmText: "Reveal",
        },
        // No toast: the panel with the details is the answer.
        failed: "Could not reveal the card",
      },
      ({ card }) => {
        setRevealed(card)
        forgetReveal()
      }
    )

  return (
    <DetailPage
      noun="card"
      back={{ to: "/gateway/cards", label: "Virtual cards" }}
      useRecord={useCard}
      title={(card) => `Card •••• ${card.last4 ?? "????"}${card.alias ? ` · ${card.alias}` : ""}`}
      actions={(card) => {
        // Blocking and activating take turns: an active card can be blocked, a blocked one activated.
        const toggle = card.status === "active" ? "block" : "activate"
        return (
          <>
            <span data-testid="card-status">
              <GatewayStatusBadge status={card.status} />
            </span>
            {card.status !== "closed" && (
              <>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={onReveal}
                  isLoading={reveal.isPending}
                  disabled={!!revealed}
                  data-testid="card-reveal"
                >
                  <Eye />
                  Reveal
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => act(toggle, CONFIRMED[toggle])}
                  disabled={action.isPending}
                  data-testid={`card-${toggle}`}
                >
                  {CONFIRMED[toggle].icon}
                  {CONFIRMED[toggle].button}
                </Button>
              </>
            )}
            <DropdownMenu>
              <DropdownMenu.Trigger asChild>
                <IconButton size="small" variant="transparent" data-testid="card-more">
                  <EllipsisHorizontal />
                </IconButton>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end">
                <DropdownMenu.Item
                  onClick={() => act("refresh", { done: "Card refreshed", failed: "Could not refresh the card" })}
                  className="gap-x-2"
                >
                  <ArrowPath className="text-ui-fg-subtle" />
                  Refresh
                </DropdownMenu.Item>
                {card.status !== "closed" && (
                  <>
                    <DropdownMenu.Separator />
                    <DropdownMenu.Item
                      onClick={() => act("close", CONFIRMED.close)}
                      className="text-ui-fg-error gap-x-2"
                    >
                      {CONFIRMED.close.icon}
                      {CONFIRMED.close.button}
                    </DropdownMenu.Item>
                  </>
                )}
              </DropdownMenu.Content>
            </DropdownMenu>
          </>
        )
      }}
      after={(card) =>
        amountAction && (
          <AmountPrompt
            title={AMOUNT_ACTIONS[amountAction].title}
            description={AMOUNT_ACTIONS[amountAction].description}
            confirmText={AMOUNT_ACTIONS[amountAction].confirmText}
            currency={card.currency}
            isPending={action.isPending}
            onClose={() => setAmountAction(null)}
            // recharge and withdraw move money: they carry the prompt's idempotency key (the limit needs none)
            onConfirm={(amount, key) =>
              act(
                amountAction,
                AMOUNT_ACTIONS[amountAction],
                amount,
                () => setAmountAction(null),
                amountAction === "limit" ? undefined : key
              )
            }
          />
        )
      }
    >
      {(card) => (
        <>
          {revealed && <RevealedCardPanel card={revealed} onHide={hide} />}
          {card.status !== "closed" && (
            <div className="flex gap-x-2 px-6 py-3">
              {/* A limit exists only on shared cards. */}
              {(Object.keys(AMOUNT_ACTIONS) as AmountAction[])
                .filter((a) => a !== "limit" || card.card_type === "SHARED")
                .map((a) => (
                  <Button
                    key={a}
                    size="small"
                    variant="transparent"
                    onClick={() => setAmountAction(a)}
                    data-testid={`card-${a}`}
                  >
                    {AMOUNT_ACTIONS[a].button}
                  </Button>
                ))}
            </div>
          )}
          <SectionRow title="Balance" value={formatAmount(card.balance, card.currency)} testId="card-balance" />
          <SectionRow
            title="Limit"
            value={card.amount_limit ? formatAmount(card.amount_limit, card.currency) : undefined}
          />
          <SectionRow title="Initial charge" value={formatAmount(card.charge_amount, card.currency)} />
          <SectionRow
            title="Expiry"
            value={card.expiry_month ? `${card.expiry_month}/${card.expiry_year}` : undefined}
          />
          <SectionRow title="Type" value={`${humanize(card.card_type)}${card.is_one_time ? ", one-time" : ""}`} />
          <SectionRow
            title="Valid"
            value={
              card.valid_start_date || card.valid_end_date
                ? `${card.valid_start_date ?? "…"} to ${card.valid_end_date ?? "…"}`
                : undefined
            }
          />
          <LinkRow
            title="Cardholder"
            to={`/gateway/cardholders/${card.cardholder_id}`}
            label={card.gateway_cardholder_id ?? card.cardholder_id}
          />
          <LinkRow
            title="Group"
            to={`/gateway/groups/${card.group_id}`}
            label={card.gateway_group_id ?? card.group_id}
          />
          <SectionRow title="Gateway id" value={card.gateway_card_id} />
          <SyncedRows record={card} />
        </>
      )}
    </DetailPage>
  )
}

export default CardDetailPage
