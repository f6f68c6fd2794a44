/** The longest email address the shop accepts (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254

/**
 * The shop's one email rule (SPEC.md section 5): text, an at sign, text, a
 * dot, text; no whitespace and a single at sign. The same as
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/, but read in one pass: that pattern backtracks
 * quadratically (a 95,000-character "a@...." took 15 s), this never does.
 */
export function isEmail(value: string): boolean {
  const at = value.indexOf("@")
  if (at < 1 || at !== value.lastIndexOf("@") || /\s/.test(value)) return false
  // a dot with text on both sides of it in the domain
  const domain = value.slice(at + 1)
  return domain.slice(1, -1).includes(".")
}
