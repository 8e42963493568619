export * from "./cancel-subscription"
