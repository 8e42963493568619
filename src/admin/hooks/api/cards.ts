import { useMutation } from "@tanstack/react-query"
import type { z } from "zod"
import type { AdminCreateCardsSchema } from "../../../api/admin/gateway/schemas/cards"
import type {
  AdminGatewayCardListResponse,
  AdminGatewayCardResponse,
  AdminGatewayCreateCardsResponse,
  AdminGatewayRevealedCardResponse,
  Json,
} from "../../../types/http"
import { IDEMPOTENCY_HEADER } from "../../lib/idempotency"
import { sdk } from "../../lib/sdk"
import { groupKeys } from "./groups"
import { resource, useChange } from "./resource"

const cards = resource<AdminGatewayCardListResponse, AdminGatewayCardResponse>("gateway_card", "/admin/gateway/cards")
const path = cards.path

export const { keys: cardKeys, useList: useCards, useDetail: useCard } = cards

/**
 * Creates cards under the form's idempotency key (they are funded from the group: every submit of one form is one
 * creation at most); the group's balance is read again too. Answers one result per card.
 */
export const useCreateCards = (key: string) =>
  useChange<AdminGatewayCreateCardsResponse, z.input<typeof AdminCreateCardsSchema>>(
    (body) => ({ path, body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    [cardKeys, groupKeys]
  )

export type CardAction = "block" | "activate" | "close" | "refresh" | "limit" | "recharge" | "withdraw"

/**
 * block, activate, close, refresh (no body) and limit, recharge, withdraw (`{ amount }`); recharge and withdraw
 * move money and carry their prompt's idempotency `key`.
 */
export const useCardAction = (id: string) =>
  useChange<AdminGatewayCardResponse, { action: CardAction; amount?: string; key?: string }>(
    ({ action, amount, key }) => ({
      path: `${path}/${id}/${action}`,
      body: amount === undefined ? {} : { amount },
      ...(key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}),
    }),
    [cardKeys, groupKeys]
  )

/** Never cached: the answer lives only in the component that asked for it, which resets the mutation once read. */
export const useRevealCard = (id: string) =>
  useMutation({
    mutationFn: () =>
      sdk.client.fetch<Json<AdminGatewayRevealedCardResponse>>(`${path}/${id}/reveal`, { method: "POST", body: {} }),
    gcTime: 0,
  })
