/** The payments dashboard: its figures (from the daily roll-ups) and the records reconciliation writes. */
export * from "./figures"
export * from "./track"
