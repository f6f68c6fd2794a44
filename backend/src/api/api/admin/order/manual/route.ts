import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderRequestOf, retryWhenPlacedElsewhere } from "#app/api/utils/idempotency"
import { sessionActor } from "#app/api/utils/session"
import { withDispatch } from "#app/read-models/dispatch"
import { withRisk } from "#app/read-models/order-guard"
import { loadShopUser } from "#app/read-models/users"
import { placeGuestOrderWorkflow } from "#app/workflows/place-shop-order"
import { deliveryAreaOf, MANUAL_ORDER_PLACED, type AdminOrderAnswer, type MessageAnswer } from "@shop/contract"
import type { ManualOrderBody } from "../validators"

/**
 * An order staff took by phone or in Messenger, through the one order
 * workflow as a guest order: the catalog's prices, the stock taken at once,
 * the area's delivery charge (the address's when not chosen), the fake-order
 * guard (a blocklisted phone is refused, a risky one held for a call); the
 * shopper's order limit does not apply to staff. Marked with its source and
 * the admin who took it. With an Idempotency-Key, a repeat (a double click, a
 * retry) answers the first order.
 */
export async function POST(req: MedusaRequest<ManualOrderBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const actor = sessionActor(req)
  const admin = actor ? await loadShopUser(req.scope, { actor_id: actor.actor_id, actor_type: "user" }) : null
  const city = body.city ?? ""
  const order = {
    items: body.items.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
    is_guest: true,
    email: null,
    guest_name: body.name,
    guest_phone: body.phone,
    address: { name: body.name, address: body.address, city, pincode: "", number: body.phone, notes: body.notes ?? "" },
    delivery_area: body.deliveryArea ?? deliveryAreaOf([body.address, city].filter(Boolean).join(", ")),
    source: body.source,
  }
  const { result } = await retryWhenPlacedElsewhere(() =>
    placeGuestOrderWorkflow(req.scope).run({
      input: {
        order: { ...order, placed_by_staff: true, taken_by: admin?.email ?? actor?.actor_id ?? null, language: "en" },
        request: orderRequestOf(req, `staff:${actor?.actor_id ?? ""}`, order),
      },
    })
  )
  // the workflow answers the order as written (a repeat: the first one), no read-back
  const [withGuard] = await withRisk(req.scope, [result.view])
  const [data] = await withDispatch(req.scope, [withGuard!])
  res
    .status(201)
    .json({ success: true, message: MANUAL_ORDER_PLACED, data: data! } satisfies AdminOrderAnswer & MessageAnswer)
}
