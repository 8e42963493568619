/**
 * What the plugin's card route passes to `updatePayment` (never stored: the returned data is built from our keys
 * only): a typed card, to be saved for `save_for` (a customer id) when asked; or a saved card with its token.
 */
export type CardSubmission = TypedCard | StoredCard

export interface TypedCard {
  number: string
  exp_month: string
  exp_year: string
  cvv: string
  holder_name?: string
  save_for?: string | null
}

export interface StoredCard {
  saved_card_id: string
  token: string
  brand: string | null
  last4: string
  security_code?: string
}
