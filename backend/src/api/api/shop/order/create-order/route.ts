import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BN_MESSAGES, deliveryAreaOf, orderConfirmation } from "@shop/contract"
import {
  placeCustomerOrderWorkflow,
  placeLandingOrderWorkflow,
  placeShopOrderWorkflow,
} from "#app/workflows/place-shop-order"
import { clientAddress } from "#app/lib/client-address"
import { metaTrackingOf } from "#app/api/utils/meta-tracking"
import type { CustomerOrderBody, GuestOrderBody, LandingOrderBody } from "../validators"

type Body = GuestOrderBody | LandingOrderBody | CustomerOrderBody

const fromLanding = (body: Body): body is LandingOrderBody =>
  body.isGuest === true && typeof body.landingPageSlug === "string" && body.landingPageSlug !== ""

function place(req: MedusaRequest<Body>) {
  const body = req.validatedBody
  if (fromLanding(body)) {
    return placeLandingOrderWorkflow(req.scope).run({
      input: {
        items: body.cartItems.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
        is_guest: true,
        email: body.guestEmail || null,
        guest_name: body.guestName,
        guest_phone: body.guestPhone,
        landing_page_slug: body.landingPageSlug,
        client_address: clientAddress(req),
        delivery_area: body.deliveryArea,
        address: { name: body.guestName, ...body.addressInfo[0], number: body.guestPhone },
        meta: metaTrackingOf(req, body),
      },
    })
  }
  if (body.isGuest === true) {
    return placeShopOrderWorkflow(req.scope).run({
      input: {
        items: body.cartItems.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
        is_guest: true,
        email: body.guestEmail,
        guest_name: body.guestName,
        guest_phone: body.guestPhone,
        address: { name: body.guestName, ...body.addressInfo[0] },
        // decided by the server from the city (SPEC.md section 4), charged as on landing pages
        delivery_area: deliveryAreaOf(body.addressInfo[0].city),
        client_address: clientAddress(req),
      },
    })
  }
  return placeCustomerOrderWorkflow(req.scope).run({
    input: { customer_id: body.userId, address_id: body.addressInfo.addressId, client_address: clientAddress(req) },
  })
}

export async function POST(req: MedusaRequest<Body>, res: MedusaResponse) {
  const { result } = await place(req)
  const order = result.view
  res.status(201).json({
    success: true,
    message: fromLanding(req.validatedBody) ? BN_MESSAGES.orderPlaced : "Order created successfully!",
    data: order,
    // what the confirmation page shows (SPEC.md section 3)
    confirmation: orderConfirmation(order),
  })
}
