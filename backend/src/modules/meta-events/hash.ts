import { createHash } from "node:crypto"
import { metaEmail, metaPhoneDigits } from "@shop/contract"

/** SHA-256 as lower-case hex, Meta's hashing of customer information. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex")
}

/** A phone hashed as Meta matches it: sha256 of its E.164 digits without "+" (01712345678 -> sha256("8801712345678")); null when it is no Bangladeshi mobile. */
export function hashedPhone(phone: string | null | undefined): string | null {
  const digits = metaPhoneDigits(phone)
  return digits ? sha256Hex(digits) : null
}

/** An email hashed as Meta matches it: trimmed and lower-cased first; null when there is none. */
export function hashedEmail(email: string | null | undefined): string | null {
  const normal = metaEmail(email)
  return normal ? sha256Hex(normal) : null
}
