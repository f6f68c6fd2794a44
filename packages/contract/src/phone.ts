/**
 * A Bangladeshi mobile number as 01XXXXXXXXX, or null. Accepts 01XXXXXXXXX,
 * +8801XXXXXXXXX and 8801XXXXXXXXX (spaces and hyphens between digits are
 * ignored); the operator digit after 01 is 3 to 9 (SPEC.md section 5). The
 * server applies it and stays the authority; the landing form applies it too.
 */
export function normalizeBdPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s-]+/g, "")
  // +880 is the country code in place of the leading 0: +880 1XXXXXXXXX
  const match = /^(?:\+?880|0)(1[3-9]\d{8})$/.exec(compact)
  return match ? `0${match[1]}` : null
}
