/**
 * The admin API's answers, typed once: the routes (src/api/admin/gateway) send these, the admin's hooks
 * (src/admin/hooks/api) read `Json<...>` of them. Type-only imports of the models and the library: nothing
 * here reaches the admin bundle.
 */
export type * from "./common"
export type * from "./dashboard"
export type * from "./go-live"
export type * from "./issuing"
export type * from "./payments"
export type * from "./payouts"
export type * from "./saved-cards"
export type * from "./subscriptions"
