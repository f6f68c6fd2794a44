/**
 * A Bangladeshi mobile number as 01XXXXXXXXX, or null. Accepts 01XXXXXXXXX,
 * +8801XXXXXXXXX and 8801XXXXXXXXX, with spaces and hyphens between digits;
 * the operator digit after 01 is 3 to 9. The same rule as the server, which
 * stays the authority.
 */
export function normalizeBdPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s-]+/g, '');
  const match = /^(?:\+?880|0)(1[3-9]\d{8})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}

/** The simple email rule of the shop: text, at sign, text, dot, text. */
export function isEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input);
}
