import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { withDispatch } from "#app/read-models/dispatch"
import { withMetaPurchase } from "#app/read-models/meta-events"
import { withRisk } from "#app/read-models/order-guard"
import { listShopOrders, searchShopOrders } from "#app/read-models/orders"
import type { AdminOrdersAnswer } from "@shop/contract"
import type { AllOrdersQuery } from "../validators"

/** Every order (the spec's list), or with q / offset / limit one page of the search and its count. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { q, offset, limit } = req.validatedQuery as AllOrdersQuery
  if (q === undefined && offset === undefined && limit === undefined) {
    res.json({
      success: true,
      data: await withDispatch(
        req.scope,
        await withMetaPurchase(req.scope, await withRisk(req.scope, await listShopOrders(req.scope)))
      ),
    } satisfies AdminOrdersAnswer)
    return
  }
  const page = await searchShopOrders(req.scope, { q: q ?? "", offset: offset ?? 0, limit: limit ?? 20 })
  res.json({
    success: true,
    ...page,
    data: await withDispatch(req.scope, await withMetaPurchase(req.scope, await withRisk(req.scope, page.data))),
  } satisfies AdminOrdersAnswer)
}
