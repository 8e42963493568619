export * from "./create-payout"
export * from "./refresh-payout"
export * from "./update-payout-from-notification"
