import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startBkashPayment } from "#app/api/utils/bkash"
import { orderRequestOf, retryWhenPlacedElsewhere } from "#app/api/utils/idempotency"
import { metaTrackingOf } from "#app/api/utils/meta-tracking"
import { picturesOfConfirmation } from "#app/api/utils/pictures"
import { clientAddress } from "#app/lib/client-address"
import { findPhoneCheck, smsSetUp } from "#app/read-models/sms"
import {
  placeCustomerOrderWorkflow,
  placeGuestOrderWorkflow,
  placeLandingOrderWorkflow,
} from "#app/workflows/place-shop-order"
import { adAttributionOf, BN_MESSAGES, deliveryAreaOf, orderConfirmation, type CreateOrderAnswer } from "@shop/contract"
import type { CustomerOrderBody, GuestOrderBody, LandingOrderBody } from "../validators"

type Body = GuestOrderBody | LandingOrderBody | CustomerOrderBody

const fromLanding = (body: Body): body is LandingOrderBody =>
  body.isGuest === true && typeof body.landingPageSlug === "string" && body.landingPageSlug !== ""

/**
 * Each kind of order through its workflow. With an Idempotency-Key (the
 * shop's storefront and landing form send one per order attempt), a repeat
 * answers the first attempt's order: the key is scoped by door (the landing
 * page, the guest checkout, the customer) and fingerprinted with what the
 * order is made of (lines, names, phone, address, area), never with what a
 * client adds and the server ignores (dates, prices, totals).
 */
function place(req: MedusaRequest<Body>) {
  const body = req.validatedBody
  if (fromLanding(body)) {
    const order = {
      items: body.cartItems.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
      is_guest: true,
      email: body.guestEmail || null,
      guest_name: body.guestName,
      guest_phone: body.guestPhone,
      landing_page_slug: body.landingPageSlug,
      delivery_area: body.deliveryArea,
      address: { name: body.guestName, ...body.addressInfo[0], number: body.guestPhone },
      payment_method: body.paymentMethod,
    }
    return placeLandingOrderWorkflow(req.scope).run({
      input: {
        ...order,
        client_address: clientAddress(req),
        // the confirmation page takes a held order's phone code
        phone_check: true,
        meta: metaTrackingOf(req, body),
        // the ad the page was opened from (utm_campaign / utm_term / utm_content in its address)
        ad: adAttributionOf(body.eventSourceUrl),
        request: orderRequestOf(req, `landing:${body.landingPageSlug}`, order),
      },
    })
  }
  if (body.isGuest === true) {
    const order = {
      items: body.cartItems.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
      is_guest: true,
      email: body.guestEmail,
      guest_name: body.guestName,
      guest_phone: body.guestPhone,
      address: { name: body.guestName, ...body.addressInfo[0] },
      // decided by the server from the city (SPEC.md section 4), charged as on landing pages
      delivery_area: deliveryAreaOf(body.addressInfo[0].city),
      payment_method: body.paymentMethod,
    }
    return placeGuestOrderWorkflow(req.scope).run({
      input: {
        order: { ...order, client_address: clientAddress(req), phone_check: true },
        request: orderRequestOf(req, "guest", order),
      },
    })
  }
  const order = { customer_id: body.userId, address_id: body.addressInfo.addressId, payment_method: body.paymentMethod }
  return placeCustomerOrderWorkflow(req.scope).run({
    input: {
      ...order,
      client_address: clientAddress(req),
      phone_check: true,
      request: orderRequestOf(req, `customer:${body.userId}`, order),
    },
  })
}

export async function POST(req: MedusaRequest<Body>, res: MedusaResponse) {
  const { result } = await retryWhenPlacedElsewhere(() => place(req))
  const order = result.view
  // an order paid by bKash: bKash's page for what is due now (the same one for a repeated request)
  const payment = order.paymentMethod === "cod" ? undefined : await startBkashPayment(req.scope, result.order_id)
  // what the confirmation page shows (SPEC.md section 3), with the code to type when the order is held
  // (no gateway: no order has a check, and the order's answer asks nothing more)
  const phoneCheck = smsSetUp() ? await findPhoneCheck(req.scope, result.order_id) : null
  const confirmation = { ...orderConfirmation(order), ...(phoneCheck && { phoneCheck }) }
  res.status(201).json({
    success: true,
    message: fromLanding(req.validatedBody) ? BN_MESSAGES.orderPlaced : "Order created successfully!",
    data: order,
    confirmation,
    ...(await picturesOfConfirmation(req.scope, confirmation)),
    ...(payment && { payment }),
  } satisfies CreateOrderAnswer)
}
