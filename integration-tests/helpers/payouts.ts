/** The payout beneficiary of the tests and the crash harness: a UK company paid in USD. */
export const MINIMAL_BENEFICIARY = {
  entity_type: "COMPANY",
  company_name: "Acme Supplies Ltd",
  address: { city: "London", country_code: "GB" },
  bank_details: {
    account_name: "Acme Supplies Ltd",
    account_number: "12345678",
    bank_country_code: "GB",
    account_currency: "USD",
  },
}

/** The same beneficiary with its street address and SWIFT code. */
export const BENEFICIARY = {
  ...MINIMAL_BENEFICIARY,
  address: { ...MINIMAL_BENEFICIARY.address, street_address: "1 King St" },
  bank_details: { ...MINIMAL_BENEFICIARY.bank_details, swift_code: "BARCGB22" },
}
