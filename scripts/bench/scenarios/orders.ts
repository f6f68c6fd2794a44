/**
 * Landing COD order placement with ample stock, 20 connections for
 * BENCH_ORDER_DURATION s, orders/s as a ratio to B1: first on the order
 * history of BASE_ORDERS (seeded before the backend starts), later, after the
 * history is topped up to BENCH_ORDERS, the same load again with the order
 * path's query plans (../million.ts).
 */
import { BASE_ORDERS, landingOrderRequests, ordersAtScale, type ScaleResult } from "../million"
import { say, type BenchContext, type Figure } from "./context"
import { AMPLE_STOCK, ORDER_CONNECTIONS, ORDER_DURATION, ORDERS_AT_SCALE, SLUG } from "./settings"
import { JSON_HEADERS, orderBody, orderUrl, setStock } from "./shop"

/** The order load measured once more under `name`, with the same generator of phones and keys. */
export type OrdersAgain = (name: string) => Promise<Figure>

export async function measureOrderPlacement(
  { stack, cookie, productId, measure, sample }: BenchContext,
  B1: Figure
): Promise<{ figure: Figure; again: OrdersAgain }> {
  await setStock(stack.url, cookie, productId, AMPLE_STOCK)
  // each order its own phone, Idempotency-Key and client address (scripts/bench/million.ts); one
  // generator for both order figures, so no phone or key of the first repeats in the second
  const orderLoad = {
    url: orderUrl(stack.url),
    method: "POST",
    body: orderBody(productId),
    headers: JSON_HEADERS,
    eachRequest: landingOrderRequests(productId, SLUG),
    connections: ORDER_CONNECTIONS,
    duration: ORDER_DURATION,
  }
  const again: OrdersAgain = (name) => measure(name, orderLoad, { name: "B1", figure: B1, orders: true })
  const figure = await again(`landing COD order at ${BASE_ORDERS.toLocaleString("en")} orders`)
  sample("order placement")
  return { figure, again }
}

/** The same order load on ORDERS_AT_SCALE orders (after the flash sale, which keeps its figures on the small history). */
export async function measureOrdersAtScale(
  { stack, cookie, productId, sample }: BenchContext,
  again: OrdersAgain
): Promise<ScaleResult<Figure>> {
  await setStock(stack.url, cookie, productId, AMPLE_STOCK)
  const atScale = await ordersAtScale({
    databaseUrl: stack.databaseUrl,
    total: ORDERS_AT_SCALE,
    log: say,
    landingSlug: SLUG,
    measureOrders: again,
  })
  sample(`${ORDERS_AT_SCALE.toLocaleString("en")} orders`)
  return atScale
}
