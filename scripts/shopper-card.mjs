// A test card's fields as a storefront posts them to the card route: `number` (one of shopper-fixtures.json's
// cards), an expiry three years ahead, the sandbox's security code and a holder.
export const card = (number) => ({
  number,
  exp_month: "12",
  exp_year: String(new Date().getUTCFullYear() + 3),
  cvv: "123",
  holder_name: "Ada Lovelace",
})
