/**
 * The baselines the shop's figures are ratios of (the servers are in
 * ../baselines.ts), measured in this run on this machine: B0 with the reads'
 * connections, B1 with the orders'. Each runs in a process of its own and is
 * stopped before the shop is measured, so it takes no CPU from the shop.
 */
import { B1_PRODUCT_ID, prepareB1, startBaseline } from "../baselines"
import type { BenchContext, Figure } from "./context"
import { DURATION, ORDER_CONNECTIONS, READ_CONNECTIONS } from "./settings"
import { JSON_HEADERS } from "./shop"

export async function measureBaselines({ stack, measure }: BenchContext): Promise<{ B0: Figure; B1: Figure }> {
  const b0 = await startBaseline("b0")
  let B0: Figure
  try {
    B0 = await measure("B0 bare http", { url: `${b0.url}/`, connections: READ_CONNECTIONS, duration: DURATION })
  } finally {
    await b0.stop()
  }
  await prepareB1(stack.databaseUrl)
  const b1 = await startBaseline("b1", stack.databaseUrl)
  try {
    const B1 = await measure("B1 bare http+pg order", {
      url: `${b1.url}/order`,
      method: "POST",
      body: JSON.stringify({ productId: B1_PRODUCT_ID, quantity: 1, guestName: "Bench" }),
      headers: JSON_HEADERS,
      connections: ORDER_CONNECTIONS,
      duration: DURATION,
    })
    return { B0, B1 }
  } finally {
    await b1.stop()
  }
}
