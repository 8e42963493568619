/** Request and notification samples that several test files send, in the gateway's field names. */

/** A cardholder's creation fields, every optional one given. */
export const CARDHOLDER = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  birth_date: "1990-12-10",
  mobile_prefix: "+44",
  mobile: "7700900000",
  billing_country: "GB",
  billing_city: "London",
  billing_address: "1 Analytical St",
  billing_postal: "N1",
  remark: "test",
}

/** A SWIFT payout of 150.00 AUD from the shop to a company, paid into `bank_details`. */
export function payoutRequest(
  request_id: string,
  bank_details: Record<string, string> = {
    account_currency: "AUD",
    bank_country_code: "AU",
    account_number: "123456",
    bank_code: "062",
  }
) {
  return {
    request_id,
    payment_amount: "150.00",
    payment_currency: "AUD",
    payment_date: "2030-01-31",
    payment_method: "SWIFT",
    fee_paid_by: "PAYER",
    reference: "Invoice 42",
    beneficiary: { entity_type: "COMPANY", company_name: "Acme", bank_details },
    payer: { entity_type: "COMPANY", company_name: "Shop", address: { country_code: "US" } },
  }
}

/** The signed content of an approved payment's notification (without its label fields and signature). */
export const PAYMENT_NOTIFICATION = {
  merchant_id: "701001",
  account_id: "701001010",
  transaction_id: "T1",
  order_no: "o1",
  currency: "USD",
  amount: "1.00",
  order_status: "1",
  result_info: "0000:Success",
}
