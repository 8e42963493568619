/**
 * The floor: a bare undici request on a keep-alive pool, posting an already-built body and reading the
 * answer as text, with none of the library's validation, signing, parsing or error mapping.
 */
import { Pool } from "undici"

export class BareHttp {
  readonly #pool: Pool

  constructor(readonly origin: string) {
    this.#pool = new Pool(origin, { keepAliveTimeout: 4000 })
  }

  async post(path: string, body: string, contentType: string): Promise<{ status: number; text: string }> {
    const res = await this.#pool.request({ path, method: "POST", headers: { "content-type": contentType }, body })
    return { status: res.statusCode, text: await res.body.text() }
  }

  close(): Promise<void> {
    return this.#pool.close()
  }
}
