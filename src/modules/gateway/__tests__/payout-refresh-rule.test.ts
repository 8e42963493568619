/**
 * A payout's notification re-sends its request (the API has no payout query), which pays nothing more only if the
 * gateway de-duplicates request_id [assumed]: by default nothing is sent, so a replayed or retried notification can
 * never pay a payout twice; a store whose gateway confirmed the de-duplication turns it on.
 */
import { payoutRefreshRule } from "../options"

const payout = { base_url: "https://api.example", merchant_id: "1", account_id: "1", sign_key: "k" }

describe("payout refresh on notification", () => {
  it("sends nothing by default", () => {
    expect(payoutRefreshRule(undefined)).toEqual({ onNotification: false, intervalSeconds: 60 })
    expect(payoutRefreshRule(payout)).toEqual({ onNotification: false, intervalSeconds: 60 })
  })

  it("re-reads an open payout at most once per interval when the store turns it on", () => {
    expect(payoutRefreshRule({ ...payout, refresh_on_notification: true, refresh_interval_seconds: 300 })).toEqual({
      onNotification: true,
      intervalSeconds: 300,
    })
  })
})
