/**
 * Round-trip test helpers: a sandbox (sandbox/, the gateway simulator) over a real socket, and clients of
 * this library pointed at it.
 */
import {
  AcquiringClient,
  AcquiringClientOptions,
  createAcquiringClient,
  createIssuingClient,
  IssuingClient,
  IssuingClientOptions,
} from "../../index"

import type { Sandbox, SandboxOptions } from "../../../../../sandbox"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require("../../../../../sandbox") as typeof import("../../../../../sandbox")

import { CARDHOLDER } from "./samples"

export type { Sandbox, SandboxOptions }

export const SIGN_KEY = "sandbox_sign_key"
export const API_KEY = "sandbox_api_key"

export const CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
  threeDS: "4000000000003220",
  review: "4000000000009995",
  other: "5555555555554444",
}

export function start(options: SandboxOptions = {}): Promise<Sandbox> {
  // no notification retries in tests: nothing listens on notify_url
  return startSandbox({ quiet: true, notifyAttempts: 1, ...options })
}

/**
 * A sandbox started before the file's tests and a client of it made by `clientFor`, both closed after them;
 * `ready` hands the two to the file's own variables.
 */
export function useSandboxClient<C extends { close(): Promise<void> }>(
  clientFor: (sb: Sandbox) => C,
  ready: (sb: Sandbox, client: C) => void
): void {
  let sb: Sandbox
  let client: C
  beforeAll(async () => {
    sb = await start()
    client = clientFor(sb)
    ready(sb, client)
  })
  afterAll(async () => {
    await client.close()
    await sb.close()
  })
}

export function acquiringFor(sb: Sandbox, extra: Partial<AcquiringClientOptions> = {}): AcquiringClient {
  return createAcquiringClient({
    baseUrl: sb.acquiringUrl,
    merchantId: "701001",
    accountId: "701001010",
    signKey: SIGN_KEY,
    retry: { attempts: 3, baseMs: 5, maxMs: 20 },
    ...extra,
  })
}

export function issuingFor(sb: Sandbox, extra: Partial<IssuingClientOptions> = {}): IssuingClient {
  return createIssuingClient({
    baseUrl: sb.issuingUrl,
    companyId: "4101",
    apiKey: API_KEY,
    retry: { attempts: 3, baseMs: 5, maxMs: 20 },
    ...extra,
  })
}

let seq = 0
/** A unique merchant order number. */
export function orderNo(prefix = "o"): string {
  seq += 1
  return `${prefix}${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`
}

/** The direct-payment fields of an approved test card. */
export function cardPayment(amount = "10.36", currency = "USD", card = CARDS.approved) {
  return {
    order_no: orderNo(),
    currency,
    amount,
    card,
    expiration_month: "12",
    expiration_year: String(new Date().getUTCFullYear() + 3),
    security_code: "737",
  }
}

/** A cardholder and one card in the sandbox's group 7001, charged `charge_amount`: answers the card's creation entry. */
export async function newCard(issuing: IssuingClient, charge_amount = "1.00") {
  const holder = await issuing.cardholder.create(CARDHOLDER)
  const created = await issuing.card.create({
    cardholder_id: holder.cardholderId,
    group_id: "7001",
    charge_amount,
    pieces: 1,
  })
  return created.createResultInfoList[0]!
}

/** Runs `fn`, which must reject, and asserts the sandbox received no request meanwhile. */
export async function expectNothingSent(sb: Sandbox, fn: () => Promise<unknown>): Promise<unknown> {
  const before = sb.stats().total
  let error: unknown
  try {
    await fn()
  } catch (e) {
    error = e
  }
  expect(error).toBeDefined()
  expect(sb.stats().total).toBe(before)
  return error
}
