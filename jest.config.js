// Two projects: `unit` (the gateway library and the sandbox, no database) and `integration`
// (the repository root booted as a Medusa store by Medusa's own test runner, against the sandbox).
const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())
// No analytics from test runs, and no banner in their output.
process.env.MEDUSA_DISABLE_TELEMETRY = "true"
// Medusa logs every migration at info level; keep test output readable (LOG_LEVEL=info to see it).
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
// The reconciliation jobs must not fire on their own in the middle of a test: suites run them on demand, and
// the schedule is weekly (Sunday 03:00). Not yearly: Medusa's scheduler waits with one setTimeout, and a wait
// over 24.8 days overflows it and fires at once, again and again.
process.env.GATEWAY_ORDER_SYNC_SCHEDULE = process.env.GATEWAY_ORDER_SYNC_SCHEDULE || "0 3 * * 0"
process.env.GATEWAY_REFUND_SYNC_SCHEDULE = process.env.GATEWAY_REFUND_SYNC_SCHEDULE || "0 3 * * 0"
process.env.GATEWAY_SUBSCRIPTION_SYNC_SCHEDULE = process.env.GATEWAY_SUBSCRIPTION_SYNC_SCHEDULE || "0 3 * * 0"
process.env.GATEWAY_ALERTS_SCHEDULE = process.env.GATEWAY_ALERTS_SCHEDULE || "0 3 * * 0"
// A notification record is read from the gateway at most once per interval (default 60 s): suites deliver the
// same signed content within seconds and wait for each delivery's read, so they use 2 s (the same rule).
process.env.GATEWAY_NOTIFICATION_READ_INTERVAL_SECONDS = process.env.GATEWAY_NOTIFICATION_READ_INTERVAL_SECONDS || "2"

const transform = {
  "^.+\\.[jt]sx?$": ["@swc/jest", { jsc: { parser: { syntax: "typescript", decorators: true }, target: "es2021" } }],
}

const common = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "json"],
  modulePathIgnorePatterns: ["<rootDir>/dist/", "<rootDir>/.medusa/"],
}

module.exports = {
  // Starts an embedded PostgreSQL when DB_HOST is not set (see integration-tests/global-setup.mjs).
  globalSetup: "<rootDir>/integration-tests/global-setup.mjs",
  globalTeardown: "<rootDir>/integration-tests/global-teardown.mjs",
  // The longest suites first (integration-tests/sequencer.cjs), so two workers finish together.
  testSequencer: "<rootDir>/integration-tests/sequencer.cjs",
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: ["<rootDir>/src/**/__tests__/**/*.test.[jt]s", "<rootDir>/sandbox/__tests__/**/*.test.js"],
      // The storefront kit (src/storefront) is ES modules whose relative imports name the emitted `.js` file.
      moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
    },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/integration-tests/http/**/*.spec.[jt]s"],
      setupFiles: ["<rootDir>/integration-tests/setup.js"],
      // PORT: the suite's own ports (integration-tests/suite-port.js); a teardown that hangs says on what
      // (integration-tests/teardown-watch.js).
      setupFilesAfterEnv: [
        "<rootDir>/integration-tests/suite-port.js",
        "<rootDir>/integration-tests/teardown-watch.js",
      ],
    },
  ],
}
