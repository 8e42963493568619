// A JSON client for Medusa's APIs: every answer >= 400 throws with the method, path, status and body.
export function client(baseUrl, headers = {}) {
  const call = async (method, path, body, extra = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers, ...extra },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    })
    const text = await res.text()
    let data
    try {
      data = text ? JSON.parse(text) : {}
    } catch {
      data = { text }
    }
    if (res.status >= 400) {
      const err = new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 800)}`)
      err.status = res.status
      err.data = data
      throw err
    }
    return data
  }
  return {
    get: (path) => call("GET", path),
    post: (path, body = {}) => call("POST", path, body),
    delete: (path) => call("DELETE", path),
    with: (more) => client(baseUrl, { ...headers, ...more }),
  }
}
