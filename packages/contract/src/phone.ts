/** Bengali digits (০-৯) as the ASCII digits they are: shoppers type either. */
export function asciiDigits(input: string): string {
  return input.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
}

/**
 * A Bangladeshi mobile number as 01XXXXXXXXX, or null. Accepts 01XXXXXXXXX,
 * +8801XXXXXXXXX and 8801XXXXXXXXX, in ASCII or Bengali digits (spaces,
 * hyphens, dots and brackets between digits are ignored); the operator digit
 * after 01 is 3 to 9 (SPEC.md section 5). The server applies it and stays the
 * authority; the landing form applies it too.
 */
export function normalizeBdPhone(input: string): string | null {
  const compact = asciiDigits(input.trim()).replace(/[\s\-.()]+/g, "")
  // +880 is the country code in place of the leading 0: +880 1XXXXXXXXX
  const match = /^(?:\+?880|0)(1[3-9]\d{8})$/.exec(compact)
  return match ? `0${match[1]}` : null
}

/**
 * The one key an order's phone is stored and found by (shop_order.phone, the
 * guard's history, the confirmation queue): 01XXXXXXXXX for anything that is a
 * Bangladeshi mobile however typed (also without its leading 0), else the
 * digits typed. The database migration that filled it for older orders
 * (backend shop-order Migration20261125190000) follows the same rule.
 */
export function phoneKey(input: string | null | undefined): string {
  const digits = asciiDigits(String(input ?? "")).replace(/\D/g, "")
  const mobile = /^(?:880|0)?(1[3-9]\d{8})$/.exec(digits)
  return mobile ? `0${mobile[1]}` : digits
}

/**
 * A Bangladeshi mobile however typed as its international digits without "+"
 * (8801XXXXXXXXX), as Meta's hashing and the SMS gateways take it; else null.
 */
export function bdMobileDigits(input: string | null | undefined): string | null {
  const phone = normalizeBdPhone(String(input ?? ""))
  return phone ? `880${phone.slice(1)}` : null
}
