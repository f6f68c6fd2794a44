/**
 * What `npm run bench` runs: the environment variables it reads (their
 * defaults here, their list in docs/performance.md) and the fixed shape of
 * each scenario. The targets its figures are judged against are in ../goals.ts.
 */
import { BASE_ORDERS } from "../million"

/** The seeded landing page: its reads are measured, its product is the one ordered and sold out. */
export const SLUG = "salwar-kameez-offer"
/**
 * The same page as a merchant's new one starts: the editor's default styling, whose Latin family is
 * Inter (three weights, 72 KB in full against Poppins' 24 KB). Made by the photo phase, measured by
 * Lighthouse beside the seeded page.
 */
export const DEFAULT_FONT_SLUG = `${SLUG}-inter`

/** Seconds of each read phase and baseline. */
export const DURATION = Number(process.env.BENCH_DURATION || 10)
/** Seconds of each order phase. */
export const ORDER_DURATION = Number(process.env.BENCH_ORDER_DURATION || 20)
export const READ_CONNECTIONS = 50
export const ORDER_CONNECTIONS = 20

export const FLASH_STOCK = 50
export const FLASH_ATTEMPTS = 1000
/** Every attempt is sent however long they take (the 10 s window is a goal), up to this hard stop. */
export const FLASH_HARD_STOP_MS = 60_000
export const FLASH_CONNECTIONS = Number(process.env.BENCH_FLASH_CONNECTIONS || 50)
/** The product's stock for the order phases, so no order is refused for want of it. */
export const AMPLE_STOCK = 1_000_000

export const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0"
/** Loads of each page; the median by score is reported. */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)
export const ADMIN_SCREENS = process.env.BENCH_ADMIN !== "0"
/** The order history of the second landing COD order figure (the first runs at BASE_ORDERS, 1,000). */
export const ORDERS_AT_SCALE = Number(process.env.BENCH_ORDERS || 1_000_000)

/** Refuses settings the run would only trip over later, before anything is built or started. */
export function checkSettings(flashOnly: boolean): void {
  if (LIGHTHOUSE && !flashOnly && (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 1)) {
    throw new Error("BENCH_LIGHTHOUSE_RUNS takes a whole number >= 1")
  }
  if (!flashOnly && (!Number.isInteger(ORDERS_AT_SCALE) || ORDERS_AT_SCALE < BASE_ORDERS)) {
    throw new Error(`BENCH_ORDERS takes a whole number >= ${BASE_ORDERS}`)
  }
}
