import type { AxiosInstance } from "axios"

export const anyStatus = { validateStatus: () => true }
export const ADMIN = { email: "admin@shop.local", password: "admin12345" }

/** The session cookie from a response, ready for a Cookie header. */
export function sessionCookie(setCookie: string[] | undefined): string {
  const cookie = (setCookie ?? []).find((c) => c.startsWith("connect.sid="))
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`)
  return cookie.split(";")[0]
}

export async function loginAs(api: AxiosInstance, credentials: { email: string; password: string }) {
  const res = await api.post("/api/auth/login", credentials, anyStatus)
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.data)}`)
  return { cookie: sessionCookie(res.headers["set-cookie"]), user: res.data.user }
}

/** Registers a customer and signs them in. */
export async function customerSession(api: AxiosInstance, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`
  await api.post("/api/auth/register", { username: name, email, password: "secret123" }, anyStatus)
  return loginAs(api, { email, password: "secret123" })
}

/** A multipart body with one file part, built by hand (no extra client). */
export function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----shop${Date.now()}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } }
}
