import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { findShopOrder } from "../../../../../lib/shop-order"
import { placeCustomerOrderWorkflow, placeShopOrderWorkflow } from "../../../../../workflows/place-shop-order"
import type { CustomerOrderBody, GuestOrderBody } from "../validators"

export async function POST(req: MedusaRequest<GuestOrderBody | CustomerOrderBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const { result } =
    body.isGuest === true
      ? await placeShopOrderWorkflow(req.scope).run({
          input: {
            items: body.cartItems.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
            is_guest: true,
            email: body.guestEmail || null,
            guest_name: body.guestName,
            guest_phone: body.guestPhone,
            landing_page_slug: body.landingPageSlug,
            address: { name: body.guestName, ...body.addressInfo[0] },
            delivery_charge: 0,
          },
        })
      : await placeCustomerOrderWorkflow(req.scope).run({
          input: { customer_id: body.userId, address_id: body.addressInfo.addressId },
        })
  const order = await findShopOrder(req.scope, result.order_id)
  res.status(201).json({ success: true, message: "Order created successfully!", data: order })
}
