import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Order } from "@shop/contract"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import type { OrderRequestKey } from "../../modules/shop-order/service"
import { findShopOrder } from "../../read-models/orders"

/** What an order workflow answers: the order, its number and total, and its view in the spec's shape. */
export type PlacedOrder = { order_id: string; order_number: string; total: number; view: Order }

/** The same Idempotency-Key with another request: refused, nothing placed (the answer is 422). */
export const KEY_REUSED = "This Idempotency-Key was already used for a different order. Send a new key for a new order."

/**
 * Inside the order's lock: the order an earlier request with one of these
 * keys placed (within 24 hours), answered again as it was placed, or null
 * when this is the first. A key that placed an order for another request
 * (another body) is refused. Reads only.
 */
export const findPlacedOrderStep = createStep(
  "find-placed-order",
  async (input: { requests: OrderRequestKey[] }, { container }) => {
    const service = container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
    for (const request of input.requests) {
      const earlier = await service.findOrderRequest(request.key)
      if (!earlier) continue
      if (earlier.request_hash !== request.request_hash) {
        throw new MedusaError(MedusaError.Types.DUPLICATE_ERROR, KEY_REUSED)
      }
      const view = await findShopOrder(container, earlier.order_id)
      if (view) {
        const placed: PlacedOrder = {
          order_id: earlier.order_id,
          order_number: view.orderNumber,
          total: view.TotalAmount,
          view,
        }
        return new StepResponse<PlacedOrder | null>(placed)
      }
    }
    return new StepResponse<PlacedOrder | null>(null)
  }
)

/** Forgets idempotency keys older than their 24 hours, a batch at a time; nothing to undo (they are spent). */
export const purgeOrderRequestsStep = createStep(
  "purge-order-requests",
  async (input: { batch: number }, { container }) => {
    const service = container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
    let removed = 0
    for (let gone = input.batch; gone === input.batch; removed += gone)
      gone = await service.purgeOrderRequests(input.batch)
    return new StepResponse(removed)
  }
)
