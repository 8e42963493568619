/**
 * An amount as the shopper reads it: in its currency's digits and the shop's language ("$16.90", "16,90 €"). Medusa's
 * totals can carry more decimals than the currency has (a tax rate on a price: 16.896), which the shopper must not see.
 */
export function formatMoney(amount: number, currencyCode: string, countryCode: string): string {
  const currency = currencyCode.toUpperCase()
  try {
    return new Intl.NumberFormat(countryCode === "de" ? "de-DE" : "en-US", { style: "currency", currency }).format(
      amount
    )
  } catch {
    return `${amount} ${currency}` // a code Intl does not know
  }
}
