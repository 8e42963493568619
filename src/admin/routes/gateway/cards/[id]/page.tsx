import { ArrowPath, Eye, EllipsisHorizontal, LockClosedSolid, LockOpenSolid, XCircle } from "@medusajs/icons"
import { Button, Container, DropdownMenu, IconButton, toast, usePrompt } from "@medusajs/ui"
import { useCallback, useState } from "react"
import { Link, useParams } from "react-router-dom"
import { AmountPrompt } from "../../../../components/amount-prompt"
import { BackLink } from "../../../../components/back-link"
import { SectionHeader } from "../../../../components/page-header"
import { SectionRow } from "../../../../components/section-row"
import { ErrorState, LoadingState } from "../../../../components/states"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useCard, useCardAction, useRevealCard, type CardAction } from "../../../../hooks/api/cards"
import { errorMessage, formatAmount, formatDate, humanize } from "../../../../lib/format"
import type { RevealedCard } from "../../../../lib/types"
import { REVEAL_SECONDS, RevealedCardPanel } from "../components/revealed-card"

type AmountAction = "limit" | "recharge" | "withdraw"

const AMOUNT_ACTIONS: Record<AmountAction, { title: string; description: string; confirm: string; done: string; failed: string }> = {
  limit: { title: "Change the card's limit", description: "Sets a new spending limit on this shared card.", confirm: "Change limit", done: "Limit changed", failed: "Could not change the limit" },
  recharge: { title: "Recharge the card", description: "Moves the amount from the card's group to the card.", confirm: "Recharge", done: "Card recharged", failed: "Could not recharge the card" },
  withdraw: { title: "Withdraw from the card", description: "Moves the amount from the card back to its group.", confirm: "Withdraw", done: "Amount withdrawn", failed: "Could not withdraw from the card" },
}

const CONFIRMS: Record<"block" | "activate" | "close", { title: string; description: string; confirm: string; done: string; failed: string; danger: boolean }> = {
  block: { title: "Block this card?", description: "Payments with the card are refused until it is activated again.", confirm: "Block", done: "Card blocked", failed: "Could not block the card", danger: true },
  activate: { title: "Activate this card?", description: "The card can be used for payments again.", confirm: "Activate", done: "Card activated", failed: "Could not activate the card", danger: false },
  close: { title: "Close this card?", description: "The card is closed for good and its balance returns to the group.", confirm: "Close card", done: "Card closed", failed: "Could not close the card", danger: true },
}

const CardDetailPage = () => {
  const { id } = useParams()
  const { data, isLoading, error, refetch } = useCard(id!)
  const action = useCardAction(id!)
  const reveal = useRevealCard(id!)
  const prompt = usePrompt()
  const [amountAction, setAmountAction] = useState<AmountAction | null>(null)
  const [revealed, setRevealed] = useState<RevealedCard | null>(null)
  const hide = useCallback(() => setRevealed(null), [])
  const card = data?.card

  const run = (a: CardAction, texts: { done: string; failed: string }, amount?: string, after?: () => void) =>
    action.mutate(
      { action: a, amount },
      {
        onSuccess: () => {
          toast.success(texts.done)
          after?.()
        },
        onError: (e) => toast.error(texts.failed, { description: errorMessage(e) }),
      }
    )

  const confirmAndRun = async (a: "block" | "activate" | "close") => {
    const t = CONFIRMS[a]
    const ok = await prompt({ title: t.title, description: t.description, confirmText: t.confirm, cancelText: "Cancel", variant: t.danger ? "danger" : "confirmation" })
    if (ok) run(a, t)
  }

  const onReveal = async () => {
    const ok = await prompt({
      title: "Reveal the card's details?",
      description: `The full card number and CVV are fetched from the gateway, shown for ${REVEAL_SECONDS} seconds and recorded in the audit under your name.`,
      confirmText: "Reveal",
      cancelText: "Cancel",
      variant: "confirmation",
    })
    if (!ok) return
    reveal.mutate(undefined, {
      onSuccess: ({ card }) => setRevealed(card),
      onError: (e) => toast.error("Could not reveal the card", { description: errorMessage(e) }),
    })
  }

  return (
    <div className="flex flex-col gap-y-3">
      <BackLink to="/gateway/cards" label="Virtual cards" />
      <Container className="divide-y p-0" data-testid="card-detail">
        {isLoading ? (
          <LoadingState rows={6} />
        ) : error || !card ? (
          <ErrorState error={error ?? "Not found"} onRetry={() => refetch()} />
        ) : (
          <>
            <SectionHeader
              level="h1"
              title={`Card •••• ${card.last4 ?? "????"}${card.alias ? ` · ${card.alias}` : ""}`}
              subtitle={card.id}
              actions={
                <>
                  <span data-testid="card-status">
                    <GatewayStatusBadge status={card.status} />
                  </span>
                  {card.status !== "closed" && (
                    <>
                      <Button size="small" variant="secondary" onClick={onReveal} isLoading={reveal.isPending} disabled={!!revealed} data-testid="card-reveal">
                        <Eye />
                        Reveal
                      </Button>
                      {card.status === "active" ? (
                        <Button size="small" variant="secondary" onClick={() => confirmAndRun("block")} disabled={action.isPending} data-testid="card-block">
                          <LockClosedSolid />
                          Block
                        </Button>
                      ) : (
                        <Button size="small" variant="secondary" onClick={() => confirmAndRun("activate")} disabled={action.isPending} data-testid="card-activate">
                          <LockOpenSolid />
                          Activate
                        </Button>
                      )}
                    </>
                  )}
                  <DropdownMenu>
                    <DropdownMenu.Trigger asChild>
                      <IconButton size="small" variant="transparent" data-testid="card-more">
                        <EllipsisHorizontal />
                      </IconButton>
                    </DropdownMenu.Trigger>
                    <DropdownMenu.Content align="end">
                      <DropdownMenu.Item onClick={() => run("refresh", { done: "Card refreshed", failed: "Could not refresh the card" })} className="gap-x-2">
                        <ArrowPath className="text-ui-fg-subtle" />
                        Refresh
                      </DropdownMenu.Item>
                      {card.status !== "closed" && (
                        <>
                          <DropdownMenu.Separator />
                          <DropdownMenu.Item onClick={() => confirmAndRun("close")} className="text-ui-fg-error gap-x-2">
                            <XCircle />
                            Close card
                          </DropdownMenu.Item>
                        </>
                      )}
                    </DropdownMenu.Content>
                  </DropdownMenu>
                </>
              }
            />
            {revealed && <RevealedCardPanel card={revealed} onHide={hide} />}
            {card.status !== "closed" && (
              <div className="flex gap-x-2 px-6 py-3">
                <Button size="small" variant="transparent" onClick={() => setAmountAction("recharge")} data-testid="card-recharge">
                  Recharge
                </Button>
                <Button size="small" variant="transparent" onClick={() => setAmountAction("withdraw")} data-testid="card-withdraw">
                  Withdraw
                </Button>
                {card.card_type === "SHARED" && (
                  <Button size="small" variant="transparent" onClick={() => setAmountAction("limit")} data-testid="card-limit">
                    Change limit
                  </Button>
                )}
              </div>
            )}
            <SectionRow title="Balance" value={formatAmount(card.balance, card.currency)} testId="card-balance" />
            <SectionRow title="Limit" value={card.amount_limit ? formatAmount(card.amount_limit, card.currency) : undefined} />
            <SectionRow title="Initial charge" value={formatAmount(card.charge_amount, card.currency)} />
            <SectionRow title="Expiry" value={card.expiry_month ? `${card.expiry_month}/${card.expiry_year}` : undefined} />
            <SectionRow title="Type" value={`${humanize(card.card_type)}${card.is_one_time ? ", one-time" : ""}`} />
            <SectionRow title="Valid" value={card.valid_start_date || card.valid_end_date ? `${card.valid_start_date ?? "…"} to ${card.valid_end_date ?? "…"}` : undefined} />
            <SectionRow
              title="Cardholder"
              value={
                <Link to={`/gateway/cardholders/${card.cardholder_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
                  {card.gateway_cardholder_id ?? card.cardholder_id}
                </Link>
              }
            />
            <SectionRow
              title="Group"
              value={
                <Link to={`/gateway/groups/${card.group_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
                  {card.gateway_group_id ?? card.group_id}
                </Link>
              }
            />
            <SectionRow title="Gateway id" value={card.gateway_card_id} />
            <SectionRow title="Last synced" value={formatDate(card.last_synced_at)} />
            <SectionRow title="Created" value={formatDate(card.created_at)} />
          </>
        )}
      </Container>
      {card && amountAction && (
        <AmountPrompt
          open
          title={AMOUNT_ACTIONS[amountAction].title}
          description={AMOUNT_ACTIONS[amountAction].description}
          confirmText={AMOUNT_ACTIONS[amountAction].confirm}
          currency={card.currency}
          isPending={action.isPending}
          onClose={() => setAmountAction(null)}
          onConfirm={(amount) => run(amountAction, AMOUNT_ACTIONS[amountAction], amount, () => setAmountAction(null))}
        />
      )}
    </div>
  )
}

export default CardDetailPage
