/**
 * How the acquiring client reads an answer, as its endpoint row says: JSON with its `return_status` envelope,
 * the direct payment's signed XML `respon`, the hosted page's form; batch entries with what each came to; a
 * non-2xx status as a typed error. For a request that is not safe to repeat, an answer that cannot be read is
 * an unknown outcome, never a refusal.
 */
import { z } from "zod"
import { GatewayApiError, GatewayOutcomeUnknownError, GatewayResponseError, GatewaySignatureError } from "../errors"
import { HttpResponse } from "../http"
import { redact } from "../redact"
import { CodeMessage, parseCodeMessage } from "../schema-helpers"
import { AcquiringSigner } from "../signing"
import { parseResponse } from "../validate"
import { parseHostedPage } from "./checkout-page"
import { AcquiringEndpoint } from "./endpoints"
import { ResolvedAcquiringOptions } from "./options"
import { parseResponXml } from "./respon-xml"
import { AuthoriseResult, PaymentOutcome } from "./schemas/authorise"
import { answerEnvelopeSchema, BatchEntryOutcome, errorBodySchema } from "./schemas/common"

type Body = Record<string, unknown>

/** What each batch entry came to, added beside the gateway's own fields. */
export interface BatchEntryResult {
  /** "done" (status 1), "refused" (status 0, see `result`), or "unknown" (any other value). */
  outcome: BatchEntryOutcome
  /** `error_message` / `refund_message` split into code and message; null when empty. */
  result: CodeMessage | null
}

export class AnswerReader {
  constructor(
    private readonly resolved: ResolvedAcquiringOptions,
    private readonly signer: AcquiringSigner,
    private readonly verifyResponses: boolean
  ) {}

  /** Reads an `order_status` through the client's status table. */
  paymentOutcome(orderStatus: string): PaymentOutcome {
    const s = this.resolved.statusCodes
    if (s.approved.includes(orderStatus)) return "approved"
    if (s.declined.includes(orderStatus)) return "declined"
    if (s.pending.includes(orderStatus)) return "pending"
    if (s.review.includes(orderStatus)) return "review"
    return "unknown"
  }

  /** A 2xx answer read as the row says. */
  read(op: string, row: AcquiringEndpoint, res: HttpResponse): Body {
    switch (row.answer) {
      case "respon-xml":
        return this.paymentAnswer(op, row, res)
      case "html-page": {
        const form = parseHostedPage(res.body, this.resolved.options.baseUrl, op)
        return { html: res.body, ...form, gbcId: form.inputs[this.resolved.wire.wireName(op, "gbc_id")] ?? null }
      }
      default: {
        const answer = this.json(op, row, res)
        return row.batch
          ? { ...answer, [row.batch.list]: this.entries(answer[row.batch.list] as Body[], row.batch) }
          : answer
      }
    }
  }

  /** The direct/APM payment's XML answer, its signature verified, with its outcome read through the status table. */
  private paymentAnswer(op: string, row: AcquiringEndpoint, res: HttpResponse): AuthoriseResult {
    const parsed = this.readAnswer(op, row, res, () => {
      const answer = parseResponse(
        row.response!,
        parseResponXml(res.body, op, res.status),
        op,
        res.status
      ) as AuthoriseResult
      if (this.verifyResponses && !this.signer.verify("authoriseResponse", answer, answer.encryption_data)) {
        throw new GatewaySignatureError(op, "encryption_data", answer.encryption_data ? "mismatch" : "missing")
      }
      return answer
    })
    return {
      ...parsed,
      outcome: this.paymentOutcome(parsed.order_status),
      result: parseCodeMessage(parsed.result_info),
    }
  }

  /** Parses a 2xx JSON answer, checks the envelope, validates it against the row's schema. */
  private json(op: string, row: AcquiringEndpoint, res: HttpResponse): Body {
    const data = this.readAnswer(op, row, res, () => parseJsonBody(op, res))
    const hasEnvelope = data !== null && typeof data === "object" && "return_status" in (data as object)
    if (row.answer === "json" || hasEnvelope) {
      // An envelope that cannot be read is an unreadable answer (unknown for a request that may have moved money),
      // a readable one that says "not accepted" is the gateway's refusal.
      const env = this.readAnswer(op, row, res, () => parseResponse(answerEnvelopeSchema, data, op, res.status))
      if (!this.resolved.statusCodes.returnStatusOk.includes(env.return_status)) {
        throw new GatewayApiError({
          operation: op,
          code: `return_status:${env.return_status}`,
          message: env.return_message ?? "",
          httpStatus: res.status,
          returnStatus: env.return_status,
        })
      }
    }
    return this.readAnswer(
      op,
      row,
      res,
      () => (row.response ? parseResponse(row.response, data, op, res.status) : data) as Body
    )
  }

  /**
   * Reads a 2xx answer. For a request that is not safe to repeat (it may have moved money), an answer that
   * cannot be parsed or verified says nothing about what the gateway did: the outcome is unknown, never a
   * refusal, so that no caller deletes a record or retries with a new reference.
   */
  private readAnswer<T>(op: string, row: AcquiringEndpoint, res: HttpResponse, read: () => T): T {
    try {
      return read()
    } catch (err) {
      if (row.retrySafe) throw err
      if (!(err instanceof GatewayResponseError || err instanceof GatewaySignatureError)) throw err
      throw new GatewayOutcomeUnknownError(
        op,
        `HTTP ${res.status} answer could not be read: ${(err as Error).message}`,
        {
          cause: err,
          httpStatus: res.status,
        }
      )
    }
  }

  /** Typed error for a non-2xx answer. */
  httpFailure(op: string, row: AcquiringEndpoint, res: HttpResponse): Error {
    let parsed: z.output<typeof errorBodySchema> | null = null
    try {
      const r = errorBodySchema.safeParse(JSON.parse(res.body))
      if (r.success) parsed = r.data
    } catch {
      parsed = null
    }
    if (res.status >= 500 && !row.retrySafe) {
      return new GatewayOutcomeUnknownError(
        op,
        `HTTP ${res.status}${parsed ? ` ${parsed.code} ${parsed.message ?? ""}` : ""}`.trim(),
        { httpStatus: res.status }
      )
    }
    if (parsed) {
      return new GatewayApiError({
        operation: op,
        code: parsed.code,
        message: parsed.message ?? "",
        httpStatus: res.status,
        ...(parsed.source ? { source: parsed.source } : {}),
      })
    }
    const snippet = String(redact(res.body.replace(/\s+/g, " ").trim().slice(0, 200)))
    return new GatewayApiError({ operation: op, code: `HTTP_${res.status}`, message: snippet, httpStatus: res.status })
  }

  /** Batch entries with what each came to: its status read through the status table, its message split. */
  private entries(list: readonly Body[], batch: NonNullable<AcquiringEndpoint["batch"]>): (Body & BatchEntryResult)[] {
    const s = this.resolved.statusCodes
    return list.map((e) => {
      const status = String(e[batch.status] ?? "")
      const outcome: BatchEntryOutcome = s.entryDone.includes(status)
        ? "done"
        : s.entryRefused.includes(status)
          ? "refused"
          : "unknown"
      return { ...e, outcome, result: parseCodeMessage(e[batch.message] as string | null | undefined) }
    })
  }
}

function parseJsonBody(op: string, res: HttpResponse): unknown {
  try {
    return JSON.parse(res.body)
  } catch (err) {
    throw new GatewayResponseError(op, "(body)", `is not valid JSON (${(err as Error).message})`, {
      httpStatus: res.status,
      cause: err,
    })
  }
}
