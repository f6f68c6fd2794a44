import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

/**
 * A message that carries a one-time code travels sealed (AES-256-GCM under a
 * key made from the server's JWT secret): the shop's message record and the
 * Notification Module's record keep only the sealed text, and the provider
 * opens it at the moment it hands the text to the gateway. So the code is in
 * no table, log or admin screen, only on the shopper's phone.
 */
const VERSION = "v1"
const keyOf = (secret: string) => createHash("sha256").update(`shop-sms-seal:${secret}`).digest()

export function sealSmsText(text: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv)
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()])
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`
}

/** The sealed text, or null when it was not sealed with this secret (or was changed). */
export function openSmsText(sealed: string, secret: string): string | null {
  if (!sealed.startsWith(`${VERSION}:`)) return null
  try {
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), "base64")
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")
  } catch {
    return null
  }
}
