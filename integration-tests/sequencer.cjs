// Runs the longest test files first, so that with two workers the last minutes are not one long suite alone.
// Jest's own order needs its cache of past durations, which a clean clone (CI) has not got, and otherwise goes by
// file size: the fault suite, a short file that runs for minutes, would start last. The seconds below are each
// integration suite's measured share (one worker, `npx jest --json`; order matters, not the exact figures); a file
// not listed (every unit test file) comes after them, largest first.
const Sequencer = require("@jest/test-sequencer").default
const { basename } = require("node:path")

const SECONDS = {
  "fault-suite.spec.ts": 520,
  "saved-cards.spec.ts": 340,
  "subscriptions.spec.ts": 300,
  "crash-recovery.spec.ts": 300,
  "checkout.spec.ts": 270,
  "checkout-safety.spec.ts": 250,
  "notifications.spec.ts": 250,
  "go-live.spec.ts": 240,
  "two-instances.spec.ts": 200,
  "ghost-payments.spec.ts": 190,
  "stop-ship-safety.spec.ts": 180,
  "alerts.spec.ts": 160,
  "payment-admin.spec.ts": 150,
  "card-attempts.spec.ts": 145,
  "checkout-automatic-capture.spec.ts": 125,
  "redirect-money.spec.ts": 120,
  "redirect-money-automatic.spec.ts": 120,
  "payouts-admin.spec.ts": 90,
  "dashboard.spec.ts": 75,
  "issuing-admin.spec.ts": 65,
  "saved-cards-security-code.spec.ts": 65,
  "admin-money-safety.spec.ts": 35,
  "smoke.spec.ts": 20,
}

class LongestFirst extends Sequencer {
  sort(tests) {
    const size = (t) => t.context.hasteFS.getSize(t.path) ?? 0
    const seconds = (t) => SECONDS[basename(t.path)] ?? -1
    return [...tests].sort((a, b) => seconds(b) - seconds(a) || size(b) - size(a))
  }
}

module.exports = LongestFirst
