// This repository booted as a Medusa store: integration tests (Medusa's test runner uses the working
// directory) and the demo load the plugin's module and payment provider from source through this file.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const env = process.env
const gatewayBaseUrl = env.GATEWAY_BASE_URL || "http://127.0.0.1:4010"

// How long one gateway request may take (the plugin's defaults: connect 5 s, the whole answer 60 s). The harnesses
// shorten them to use a short settling deadline, which must be at least twice their sum.
const gatewayTimeouts =
  env.GATEWAY_TIMEOUT_CONNECT_MS || env.GATEWAY_TIMEOUT_TOTAL_MS
    ? {
        ...(env.GATEWAY_TIMEOUT_CONNECT_MS ? { connect_ms: Number(env.GATEWAY_TIMEOUT_CONNECT_MS) } : {}),
        ...(env.GATEWAY_TIMEOUT_TOTAL_MS
          ? { headers_ms: Number(env.GATEWAY_TIMEOUT_TOTAL_MS), total_ms: Number(env.GATEWAY_TIMEOUT_TOTAL_MS) }
          : {}),
      }
    : null

// The payment provider's options; the plugin's module gets the same object (`payments`) for its routes, jobs
// and notifications.
const payments = {
  base_url: gatewayBaseUrl,
  merchant_id: env.GATEWAY_MERCHANT_ID || "701001",
  account_id: env.GATEWAY_ACCOUNT_ID || "701001010",
  sign_key: env.GATEWAY_SIGN_KEY || "sandbox_sign_key",
  website: env.GATEWAY_WEBSITE || "https://shop.example",
  // Where the gateway sends notifications (this server's public URL); unset: no notify_url is sent.
  ...(env.GATEWAY_STORE_URL ? { store_url: env.GATEWAY_STORE_URL } : {}),
  return_url: env.GATEWAY_RETURN_URL || "http://localhost:8000/checkout/return",
  capture: env.GATEWAY_CAPTURE === "automatic" ? "automatic" : "manual",
  // Caps on card posts within an hour (the plugin's defaults: 20 per client address, 5 per payment session, 10 per
  // cart, 10 per card). This store (tests, demo, benchmarks) pays with the same test cards from one address all
  // day, so it raises the address and card caps unless the environment says otherwise.
  card_attempts: {
    ...(env.GATEWAY_CARD_ATTEMPTS_PER_SESSION ? { per_session: Number(env.GATEWAY_CARD_ATTEMPTS_PER_SESSION) } : {}),
    ...(env.GATEWAY_CARD_ATTEMPTS_PER_CART ? { per_cart: Number(env.GATEWAY_CARD_ATTEMPTS_PER_CART) } : {}),
    per_address: Number(env.GATEWAY_CARD_ATTEMPTS_PER_ADDRESS || 1000),
    per_card: Number(env.GATEWAY_CARD_ATTEMPTS_PER_CARD || 1000),
  },
  // Where the shopper's address is read: the socket's peer unless a proxy's header is named (e.g. x-forwarded-for).
  ...(env.GATEWAY_CLIENT_IP_HEADER
    ? { client_ip: { header: env.GATEWAY_CLIENT_IP_HEADER, trusted_proxies: Number(env.GATEWAY_TRUSTED_PROXIES || 1) } }
    : {}),
  // Whether a payment with a saved card must carry the shopper's security code (default: the token pays alone).
  saved_cards: { require_security_code: env.GATEWAY_SAVED_CARDS_REQUIRE_SECURITY_CODE === "true" },
  ...(gatewayTimeouts ? { timeouts: gatewayTimeouts } : {}),
  // Which payment_status codes the gateway confirmed mean which state, as JSON (e.g. {"captured":["3000"]}).
  ...(env.GATEWAY_PAYMENT_STATUS_CODES ? { payment_status_codes: JSON.parse(env.GATEWAY_PAYMENT_STATUS_CODES) } : {}),
}

// Alerts (src/alerts) go to the admin's notification feed; GATEWAY_ALERTS_CHANNELS (e.g. "email") and
// GATEWAY_ALERTS_TO send them there too.
const alertChannels = env.GATEWAY_ALERTS_CHANNELS ? env.GATEWAY_ALERTS_CHANNELS.split(",") : []
const alerts = {
  ...(env.GATEWAY_ALERTS_UNKNOWN_AFTER_MINUTES
    ? { unknown_after_minutes: Number(env.GATEWAY_ALERTS_UNKNOWN_AFTER_MINUTES) }
    : {}),
  ...(env.GATEWAY_ALERTS_REJECTED_THRESHOLD
    ? { rejected_notifications: { threshold: Number(env.GATEWAY_ALERTS_REJECTED_THRESHOLD) } }
    : {}),
  ...(alertChannels.length ? { channels: alertChannels, to: env.GATEWAY_ALERTS_TO } : {}),
}

export default defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    http: {
      storeCors: env.STORE_CORS || "http://localhost:8000",
      adminCors: env.ADMIN_CORS || "http://localhost:9000",
      authCors: env.AUTH_CORS || "http://localhost:9000",
      jwtSecret: env.JWT_SECRET || "supersecret",
      cookieSecret: env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: { disable: env.MEDUSA_ADMIN_DISABLE !== "false" },
  modules: [
    // Several Medusa instances (servers and workers, MEDUSA_WORKER_MODE) share events, workflows and locks through
    // Redis (docs/going-live.md, "Running in production"); without REDIS_URL a single instance uses Medusa's in-memory defaults.
    ...(env.REDIS_URL
      ? [
          { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: env.REDIS_URL } },
          { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl: env.REDIS_URL } } },
          {
            resolve: "@medusajs/medusa/locking",
            options: {
              providers: [
                {
                  resolve: "@medusajs/medusa/locking-redis",
                  id: "locking-redis",
                  is_default: true,
                  options: { redisUrl: env.REDIS_URL },
                },
              ],
            },
          },
        ]
      : []),
    // Medusa's notification module with its local provider on "feed" (the admin's feed, Medusa's default) and, when
    // alerts go by e-mail here, a local provider on "email" too, which logs each message instead of sending it (a
    // store uses its e-mail provider, e.g. @medusajs/medusa/notification-sendgrid).
    ...(alertChannels.includes("email")
      ? [
          {
            resolve: "@medusajs/medusa/notification",
            options: {
              providers: [
                {
                  resolve: "@medusajs/medusa/notification-local",
                  id: "local",
                  options: { name: "Local Notification Provider", channels: ["feed"] },
                },
                {
                  resolve: "@medusajs/medusa/notification-local",
                  id: "local-email",
                  options: { name: "Local e-mail (logged)", channels: ["email"] },
                },
              ],
            },
          },
        ]
      : []),
    // The plugin's module (notification log, payment details, sync runs, payouts and issuing records).
    {
      resolve: "./src/modules/gateway",
      options: {
        payments,
        // Virtual cards, cardholders and groups (the issuing API).
        issuing: {
          base_url: env.GATEWAY_ISSUING_BASE_URL || `${gatewayBaseUrl}/api`,
          company_id: env.GATEWAY_COMPANY_ID || "4101",
          api_key: env.GATEWAY_API_KEY || "sandbox_api_key",
          // Who may reveal a card's number and CVV, and how often (defaults: any admin user, 10 an hour each).
          reveal: {
            ...(env.GATEWAY_REVEAL_PER_USER ? { per_user: Number(env.GATEWAY_REVEAL_PER_USER) } : {}),
            ...(env.GATEWAY_REVEAL_USER_IDS ? { user_ids: env.GATEWAY_REVEAL_USER_IDS.split(",") } : {}),
          },
        },
        // Payouts go through the acquiring API with the payment provider's merchant credentials.
        payout: {
          base_url: gatewayBaseUrl,
          merchant_id: env.GATEWAY_MERCHANT_ID || "701001",
          account_id: env.GATEWAY_ACCOUNT_ID || "701001010",
          sign_key: env.GATEWAY_SIGN_KEY || "sandbox_sign_key",
          // Payout notifications arrive at the same verified route as payment notifications; the sandbox
          // de-duplicates request_id (sandbox/README.md), so an open payout's notification may re-read it. Against
          // the real gateway keep the default (false) until the gateway confirms that a repeated request_id pays once.
          refresh_on_notification: true,
          ...(gatewayTimeouts ? { timeouts: gatewayTimeouts } : {}),
          ...(env.GATEWAY_STORE_URL ? { notify_url: `${env.GATEWAY_STORE_URL}/hooks/gateway/notifications` } : {}),
        },
        // When an alert is raised (an unknown outcome after 60 minutes, 5 rejected notifications an hour) and where
        // it goes besides the admin's feed.
        alerts,
        // The payments dashboard warns when chargebacks reach this share of approved payments (the plugin's default: 1 %).
        ...(env.GATEWAY_CHARGEBACK_THRESHOLD_PERCENT
          ? { dashboard: { chargeback_threshold_percent: Number(env.GATEWAY_CHARGEBACK_THRESHOLD_PERCENT) } }
          : {}),
        // How long an operation cut short (the process stopped mid-request) waits before the jobs settle it (default 600 s),
        // and how long a checkout may hold money at the gateway without becoming an order before it is released (default
        // the settling deadline plus an hour).
        reconciliation: {
          ...(env.GATEWAY_SETTLE_AFTER_SECONDS
            ? { settle_after_seconds: Number(env.GATEWAY_SETTLE_AFTER_SECONDS) }
            : {}),
          ...(env.GATEWAY_RELEASE_AFTER_SECONDS
            ? { release_after_seconds: Number(env.GATEWAY_RELEASE_AFTER_SECONDS) }
            : {}),
        },
        // How often one notification record's deliveries have the gateway read (default once a minute), and how many
        // notifications a process handles at once (the plugin's default: 8).
        notifications: {
          ...(env.GATEWAY_NOTIFICATION_READ_INTERVAL_SECONDS
            ? { read_interval_seconds: Number(env.GATEWAY_NOTIFICATION_READ_INTERVAL_SECONDS) }
            : {}),
          ...(env.GATEWAY_NOTIFICATION_CONCURRENCY
            ? { concurrency: Number(env.GATEWAY_NOTIFICATION_CONCURRENCY) }
            : {}),
        },
      },
    },
    {
      resolve: "@medusajs/medusa/payment",
      // Gives the payment provider the plugin's module (saved cards: tokens kept there, never in session data).
      dependencies: ["gateway"],
      options: {
        providers: [
          {
            // No `id`: the services' identifiers (gateway_card, gateway_hosted, gateway_apm) are the ids,
            // so Medusa lists them as pp_gateway_card, pp_gateway_hosted and pp_gateway_apm.
            resolve: "./src/providers/gateway",
            options: payments,
          },
        ],
      },
    },
  ],
})
