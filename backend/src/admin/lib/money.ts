/**
 * The admin's one money formatter. The store has one currency, BDT, shown as ৳
 * (DESIGN.md: the spec's `$` is not copied). Amounts are whole taka as Medusa
 * stores them: whole amounts print without decimals unless `decimals: 2` is
 * asked for (profit and line totals, SPEC.md section 9).
 */
export const CURRENCY_SYMBOL = "৳"

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })
const fractional = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatMoney(amount: number | string | null | undefined, options: { decimals?: 2 } = {}): string {
  const value = typeof amount === "string" ? Number(amount) : amount
  if (value === null || value === undefined || !Number.isFinite(value)) return "—"
  const rounded = Math.round(Math.abs(value) * 100) / 100
  const digits = options.decimals === 2 || !Number.isInteger(rounded) ? fractional.format(rounded) : whole.format(rounded)
  return `${value < 0 && rounded !== 0 ? "-" : ""}${CURRENCY_SYMBOL}${digits}`
}
