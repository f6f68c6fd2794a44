import { timingSafeEqual } from "node:crypto"

/** Whether a presented secret is the configured one (never true for an unset secret), in constant time. */
export function sameSecret(presented: string | undefined, configured: string): boolean {
  if (!configured || !presented) return false
  const a = Buffer.from(presented)
  const b = Buffer.from(configured)
  return a.length === b.length && timingSafeEqual(a, b)
}
