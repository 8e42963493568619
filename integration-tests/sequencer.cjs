// Runs the longest test files first, so that with two workers the last minutes are not one long suite alone.
// Jest's own order needs its cache of past durations, which a clean clone (CI) has not got, and otherwise goes by
// file size: the fault suite, a short file that runs for minutes, would start last. The seconds below are each
// integration suite's time in one worker with nothing else running (`npx jest --selectProjects integration --json`
// on this 2-core machine; order matters, not the exact figures); a file not listed (every unit test file) comes
// after them, largest first.
const Sequencer = require("@jest/test-sequencer").default
const { basename } = require("node:path")

const SECONDS = {
  "fault-suite.spec.ts": 203,
  "notifications.spec.ts": 133,
  "two-instances.spec.ts": 98,
  "ghost-payments.spec.ts": 88,
  "redirect-money.spec.ts": 75,
  "crash-recovery.spec.ts": 62,
  "redirect-money-automatic.spec.ts": 45,
  "card-attempts.spec.ts": 42,
  "stop-ship-safety.spec.ts": 41,
  "saved-cards.spec.ts": 36,
  "dashboard.spec.ts": 35,
  "checkout-safety.spec.ts": 31,
  "subscriptions.spec.ts": 31,
  "payment-admin.spec.ts": 29,
  "checkout.spec.ts": 26,
  "go-live.spec.ts": 18,
  "alerts.spec.ts": 16,
  "admin-money-safety.spec.ts": 16,
  "issuing-admin.spec.ts": 15,
  "payouts-admin.spec.ts": 11,
  "checkout-automatic-capture.spec.ts": 10,
  "saved-cards-security-code.spec.ts": 10,
  "smoke.spec.ts": 9,
}

class LongestFirst extends Sequencer {
  sort(tests) {
    const size = (t) => t.context.hasteFS.getSize(t.path) ?? 0
    const seconds = (t) => SECONDS[basename(t.path)] ?? -1
    return [...tests].sort((a, b) => seconds(b) - seconds(a) || size(b) - size(a))
  }
}

module.exports = LongestFirst
