/**
 * Money and price rules (SPEC.md sections 3 and 9). The store has one
 * currency, BDT, shown as ৳ everywhere; amounts are whole taka as Medusa
 * stores them (not paisa).
 */
export const STORE_CURRENCY = "bdt"
export const CURRENCY_SYMBOL = "৳"

/** Anything with a price; `salePrice` is the landing page's alias of `saleprice`. */
export type Priced = {
  price: number | string
  saleprice?: number | string | null
  salePrice?: number | string | null
}

function amount(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value
  return typeof n === "number" && Number.isFinite(n) ? n : 0
}

/** The sale price when one is set above 0 (saleprice, else salePrice), else 0. */
function salePriceOf(product: Priced): number {
  const sale = amount(product.saleprice)
  return sale > 0 ? sale : Math.max(0, amount(product.salePrice))
}

/** What a shopper pays for one unit: the sale price when above 0, else the price. */
export function unitPrice(product: Priced): number {
  const sale = salePriceOf(product)
  return sale > 0 ? sale : amount(product.price)
}

/** Rounded percent off, or 0 unless the sale price is above 0 and below the price. */
export function discountPercent(price: number, sale: number): number {
  if (!(price > 0) || !(sale > 0) || sale >= price) return 0
  return Math.round(((price - sale) / price) * 100)
}

/** Whether the product shows its sale price next to a struck-out price. */
export function hasDiscount(product: Priced): boolean {
  const sale = salePriceOf(product)
  return sale > 0 && sale < amount(product.price)
}

/** The product's rounded percent off (0 when it is not on sale). */
export function percentOff(product: Priced): number {
  return discountPercent(amount(product.price), salePriceOf(product))
}

/** Sum of unit price x quantity. */
export function lineTotal(items: readonly { product: Priced; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + unitPrice(item.product) * item.quantity, 0)
}

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })
const fractional = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * ৳ and the amount: whole amounts without decimals unless `decimals: 2` is
 * asked for (profit and line totals in the admin), others with two; "—" for
 * what is not a number.
 */
export function formatMoney(value: number | string | null | undefined, options: { decimals?: 2 } = {}): string {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value
  if (typeof n !== "number" || !Number.isFinite(n)) return "—"
  const rounded = Math.round(Math.abs(n) * 100) / 100
  const digits =
    options.decimals === 2 || !Number.isInteger(rounded) ? fractional.format(rounded) : whole.format(rounded)
  return `${n < 0 && rounded !== 0 ? "-" : ""}${CURRENCY_SYMBOL}${digits}`
}
