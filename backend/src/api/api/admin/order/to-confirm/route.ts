import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { heldOrderIds, ordersOfPhone, withRisk } from "#app/read-models/order-guard"
import { findShopOrder } from "#app/read-models/orders"
import { normalizeBdPhone, type HeldOrdersAnswer } from "@shop/contract"

/** Orders waiting for a confirmation call, oldest first, each with its risk, its calls and its phone's orders. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ids = await heldOrderIds(req.scope)
  const orders = (await Promise.all(ids.map((id) => findShopOrder(req.scope, id)))).filter((o) => o !== null)
  const held = await withRisk(
    req.scope,
    orders.filter((o) => o.orderStatus === "pending")
  )
  const data = await Promise.all(
    held.map(async (order) => {
      const phone = normalizeBdPhone(order.guestPhone || order.addressInfo[0]?.number || "")
      const history = phone
        ? (await ordersOfPhone(req.scope, phone)).filter((o) => o.orderNumber !== order.orderNumber)
        : []
      return { ...order, phoneOrders: history }
    })
  )
  noCache(res)
  res.json({ success: true, data } satisfies HeldOrdersAnswer)
}
