/**
 * The two deadlines reconciliation decides by, from the module's options:
 * - settling (`reconciliation.settle_after_seconds`): a record written before it whose operation has no outcome was
 *   cut short (./cut-short.ts); no live request is that old;
 * - release (`reconciliation.release_after_seconds`): a checkout that holds money at the gateway and last changed
 *   before it, without becoming an order, has the money released (./ghost-payments.ts) instead of being completed.
 */
type Deadlines = { settleAfterSeconds(): number; releaseAfterSeconds(): number }

/** The settling deadline, in milliseconds since the epoch. */
export const settlingDeadline = (gatewayModule: Pick<Deadlines, "settleAfterSeconds">) =>
  Date.now() - gatewayModule.settleAfterSeconds() * 1000

const before = (at: unknown, deadline: number) =>
  at !== null && at !== undefined && new Date(at as string).getTime() < deadline

/** Whether a record made at `at` is older than the settling deadline. */
export const olderThanSettling = (at: unknown, gatewayModule: Pick<Deadlines, "settleAfterSeconds">) =>
  before(at, settlingDeadline(gatewayModule))

/** Whether a checkout last changed at `changedAt` is past the release deadline. */
export const checkoutExpired = (changedAt: unknown, gatewayModule: Pick<Deadlines, "releaseAfterSeconds">) =>
  before(changedAt, Date.now() - gatewayModule.releaseAfterSeconds() * 1000)
