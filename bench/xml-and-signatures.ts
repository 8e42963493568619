/**
 * XML and signatures: operations per second of
 * - parseResponXml on a real direct-payment answer (taken from the sandbox, held for review so that it
 *   carries risk reasons) vs a bare fast-xml-parser parse of the same text;
 * - AcquiringSigner.sign / .verify of the payment request and the answer vs a bare node:crypto SHA-256 of
 *   the same pre-built concatenation (and a plain string comparison for verify).
 * Prints one JSON object.
 */
import { createHash } from "node:crypto"
import { XMLParser } from "fast-xml-parser"
import { AcquiringSigner, parseResponXml, signatureBase } from "../src/lib/gateway"
import { benchClient, cardPayment, CREDENTIALS, wireBody } from "./lib/gateway-fixtures"
import { compareOps } from "./lib/ops-per-second"
import { envInt } from "./lib/stats"
import { runMain } from "./lib/run-main"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require("../sandbox")

const ROUNDS = envInt("BENCH_ROUNDS", 20)
const BATCH = envInt("BENCH_BATCH", 2000)

/** One direct-payment answer as the sandbox sends it. */
async function directPaymentAnswer(): Promise<string> {
  const sandbox = await startSandbox({ quiet: true })
  const client = benchClient(sandbox.url)
  try {
    const wire = wireBody(client, "authorise", { ...cardPayment(`bench-xml-${process.pid}`), card: "4000000000009995" })
    const res = await fetch(`${sandbox.url}${wire.path}`, {
      method: "POST",
      headers: { "content-type": wire.contentType },
      body: wire.body,
    })
    return await res.text()
  } finally {
    await client.close()
    await sandbox.close()
  }
}

async function main() {
  const xml = await directPaymentAnswer()
  const bareParser = new XMLParser()
  const parsed = parseResponXml(xml)
  if (parsed.order_status !== "-2") throw new Error(`unexpected answer: ${xml.slice(0, 200)}`)

  const signer = new AcquiringSigner(CREDENTIALS.signKey)
  const request = {
    ...cardPayment("bench-sign-1"),
    merchant_id: CREDENTIALS.merchantId,
    account_id: CREDENTIALS.accountId,
  }
  const requestBase = signatureBase(signer.fields("authorise"), request) + CREDENTIALS.signKey
  const answerBase = signatureBase(signer.fields("authoriseResponse"), parsed) + CREDENTIALS.signKey
  const answerSignature = String(parsed.encryption_data)
  const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")
  if (!signer.verify("authoriseResponse", parsed, answerSignature))
    throw new Error("the answer's signature does not verify")

  const result = {
    bench: "xml-and-signatures",
    rounds: ROUNDS,
    batch: BATCH,
    xml_bytes: Buffer.byteLength(xml),
    parseResponXml: {
      baseline: "new XMLParser().parse(text)",
      ...compareOps(
        () => parseResponXml(xml),
        () => bareParser.parse(xml),
        ROUNDS,
        BATCH
      ),
    },
    sign_request: {
      baseline: "sha256 hex of the pre-built concatenation",
      ...compareOps(
        () => signer.sign("authorise", request),
        () => sha256(requestBase),
        ROUNDS,
        BATCH
      ),
    },
    verify_answer: {
      baseline: "sha256 hex of the pre-built concatenation, compared with ===",
      ...compareOps(
        () => signer.verify("authoriseResponse", parsed, answerSignature),
        () => sha256(answerBase) === answerSignature,
        ROUNDS,
        BATCH
      ),
    },
  }
  process.stdout.write(JSON.stringify(result) + "\n")
}

runMain(main)
