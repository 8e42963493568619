/** The lock every writer of a gateway payment's Medusa data takes (card route, notifications, jobs, review, releases). */
export const paymentLockKey = (orderNo: string) => `gateway:payment:${orderNo}`
