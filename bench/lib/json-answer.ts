/** An HTTP answer as the harnesses read it: `{ status, data }`, data the JSON body, or its text when it is not JSON. */
export type Answer = { status: number; data: any }

export async function jsonAnswer(res: Response): Promise<Answer> {
  const text = await res.text()
  try {
    return { status: res.status, data: text ? JSON.parse(text) : null }
  } catch {
    return { status: res.status, data: text }
  }
}

/** A JSON request that never throws: status 0, with the error's message, when no answer came (refused, reset, timed out). */
export async function requestJson(url: string, init: RequestInit): Promise<Answer> {
  try {
    return await jsonAnswer(await fetch(url, init))
  } catch (e) {
    return { status: 0, data: { message: (e as Error).message } }
  }
}
