/**
 * The floor of a client call: the work no client can skip, done the plain way. The same transport as the
 * library (an undici keep-alive Pool), posting the request's body (built and signed before the timed region),
 * reading the answer and parsing it with the same parser the library uses: JSON.parse for the JSON answers,
 * fast-xml-parser for the direct payment's XML. No validation, signing, wire mapping, outcome reading or error
 * mapping: what the library spends beyond this floor is its own overhead.
 */
import { XMLParser } from "fast-xml-parser"
import { Pool } from "undici"

const xml = new XMLParser({ parseTagValue: false })

export type AnswerParser = "json" | "xml"

export class BareHttp {
  readonly #pool: Pool

  constructor(readonly origin: string) {
    this.#pool = new Pool(origin, { keepAliveTimeout: 4000 })
  }

  /** Posts `body`, reads the answer and parses it; returns the status and the parsed answer. */
  async post(
    path: string,
    body: string,
    contentType: string,
    parser: AnswerParser
  ): Promise<{ status: number; answer: any }> {
    const res = await this.#pool.request({ path, method: "POST", headers: { "content-type": contentType }, body })
    const text = await res.body.text()
    return { status: res.statusCode, answer: parser === "json" ? JSON.parse(text) : xml.parse(text) }
  }

  close(): Promise<void> {
    return this.#pool.close()
  }
}
