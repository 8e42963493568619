/** HTTP answers of the saved-card routes (store and admin). Pure types: the admin bundle and storefronts may import them. */
import type { SavedCardView } from "../../domain/saved-cards"

export type GatewaySavedCard = SavedCardView

export interface StoreGatewaySavedCardsResponse {
  saved_cards: GatewaySavedCard[]
}

export interface StoreGatewaySavedCardDeleteResponse {
  id: string
  object: "saved_card"
  deleted: true
}

export type AdminGatewaySavedCardsResponse = StoreGatewaySavedCardsResponse
export type AdminGatewaySavedCardDeleteResponse = StoreGatewaySavedCardDeleteResponse
