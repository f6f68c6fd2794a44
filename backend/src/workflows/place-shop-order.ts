import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { createOrdersStep, createPaymentCollectionsStep, createRemoteLinkStep, emitEventStep } from "@medusajs/medusa/core-flows"
import { DELIVERY_AREA_LABELS, STORE_CURRENCY, type AddressFields } from "@shop/contract"
import { productChanges } from "../lib/public-cache"
import { toShopOrderView } from "../read-models/orders"
import { closeCartStep } from "./steps/close-cart"
import { countLandingOrderStep } from "./steps/count-landing-order"
import { resolveLandingOrderStep } from "./steps/resolve-landing-order"
import { resolveCustomerCheckoutStep } from "./steps/resolve-customer-checkout"
import { createShopOrderStep } from "./steps/create-shop-order"
import { guardOrderStep, recordOrderRiskStep } from "./steps/guard-order"
import { recordPurchaseTrackingStep, type MetaTracking } from "./steps/meta-purchase"
import { createNativeGuestCustomerStep, splitName } from "./steps/native-guest-customer"
import type { PlaceShopOrderInput } from "./steps/place-shop-order-input"
import { priceShopOrderStep } from "./steps/price-shop-order"
import { publishPublicCacheStep } from "./steps/public-cache"
import { takeStockStep } from "./steps/take-stock"

export type { PlaceShopOrderInput }

/**
 * One order for every channel (shop checkout, signed-in or guest, and landing
 * pages): priced from the catalog, stock taken atomically, a Medusa order with
 * a cash-on-delivery payment collection, and the shop's record with its number.
 * Any failure undoes the steps before it. A process killed half-way runs no
 * undo: the stock take leaves a hold that recording the order consumes, and
 * the recovery job returns the units of a hold left behind and removes its
 * half-made order.
 */
export const placeShopOrderWorkflow = createWorkflow("place-shop-order", (input: PlaceShopOrderInput) => {
  // the fake-order guard: a blocklisted phone or address is refused before anything is taken
  const guardInput = transform({ input }, ({ input }) => ({
    phone: input.guest_phone ?? input.address.number,
    client_address: input.client_address ?? null,
    product_ids: input.items.map((i) => i.product_id),
    language: input.language,
  }))
  const guarded = guardOrderStep(guardInput)

  const priced = priceShopOrderStep({ items: input.items, delivery_area: input.delivery_area })

  const stock = transform({ input, priced }, ({ input, priced }) => ({
    location_id: priced.location_id,
    lines: priced.lines.map((l) => ({ inventory_item_id: l.inventory_item_id, quantity: l.quantity, title: l.title })),
    language: input.language,
  }))
  // the units are held for an order whose ids are chosen here (crash recovery: src/jobs/release-stock-holds.ts)
  const taken = takeStockStep(stock)

  // a guest's own guest customer record, so Medusa Admin's Orders list names the order
  const guest = transform({ input }, ({ input }) => ({
    is_guest: input.is_guest,
    name: input.guest_name ?? input.address.name,
    phone: input.guest_phone ?? input.address.number,
  }))
  const guestCustomerId = createNativeGuestCustomerStep(guest)

  const orderData = transform({ input, priced, taken, guestCustomerId }, ({ input, priced, taken, guestCustomerId }) => {
    const address = {
      ...splitName(input.address.name),
      address_1: input.address.address,
      city: input.address.city,
      postal_code: input.address.pincode,
      phone: input.address.number,
      country_code: "bd",
      metadata: { notes: input.address.notes },
    }
    return [
      {
        id: taken.order_id,
        region_id: priced.region_id,
        sales_channel_id: priced.sales_channel_id,
        currency_code: STORE_CURRENCY,
        customer_id: input.customer_id ?? guestCustomerId ?? undefined,
        email: input.email ?? undefined,
        shipping_address: address,
        billing_address: address,
        items: priced.lines.map((l) => ({
          title: l.title,
          product_title: l.title,
          product_id: l.product_id,
          variant_id: l.variant_id,
          thumbnail: l.image,
          quantity: l.quantity,
          unit_price: l.unit_price,
          is_tax_inclusive: true,
        })),
        shipping_methods: [
          {
            name: DELIVERY_AREA_LABELS[input.delivery_area],
            amount: priced.delivery_charge,
            is_tax_inclusive: true,
          },
        ],
        metadata: { payment_method: "cod" },
      },
    ]
  })
  const orders = createOrdersStep(orderData as never)
  const orderId = transform({ orders }, ({ orders }) => orders[0].id)

  // cash on delivery: a payment collection for the total, linked to the order
  // (what createOrderPaymentCollectionWorkflow does, without reading the order back)
  const collection = transform({ priced, taken }, ({ priced, taken }) => [
    { id: taken.payment_collection_id, currency_code: STORE_CURRENCY, amount: priced.total },
  ])
  const collections = createPaymentCollectionsStep(collection)
  const paymentLink = transform({ orderId, collections }, ({ orderId, collections }) => [
    { [Modules.ORDER]: { order_id: orderId }, [Modules.PAYMENT]: { payment_collection_id: collections[0].id } },
  ])
  createRemoteLinkStep(paymentLink).config({ name: "order-payment-collection-link" })

  const record = transform({ input, priced, orderId }, ({ input, priced, orderId }) => ({
    order_id: orderId,
    is_guest: input.is_guest,
    guest_name: input.guest_name ?? null,
    guest_email: input.is_guest ? input.email ?? null : null,
    guest_phone: input.guest_phone ?? null,
    customer_id: input.customer_id ?? null,
    cart_id: input.cart_id ?? null,
    landing_page_slug: input.landing_page_slug ?? null,
    address: {
      address: input.address.address,
      city: input.address.city,
      pincode: input.address.pincode,
      number: input.address.number,
      notes: input.address.notes,
    },
    delivery_area: input.delivery_area,
    delivery_charge: priced.delivery_charge,
    total: priced.total,
  }))
  const shopOrder = createShopOrderStep(record)
  const risk = transform({ guarded, orderId }, ({ guarded, orderId }) => ({ ...guarded, order_id: orderId }))
  recordOrderRiskStep(risk)

  const cart = transform({ input }, ({ input }) => ({ cart_id: input.cart_id ?? null }))
  closeCartStep(cart)

  // for whoever follows orders (incomplete-order recovery)
  const placed = transform({ guarded, orderId, input }, ({ guarded, orderId, input }) => ({
    eventName: "shop-order.placed",
    data: { id: orderId, phone: guarded.phone, landing_page_slug: input.landing_page_slug ?? null },
  }))
  emitEventStep(placed)
  // the products' stock changed: the storefront servers drop what they cached
  publishPublicCacheStep(transform({ priced }, ({ priced }) => ({ messages: productChanges(priced.lines.map((l) => l.product_id)) })))

  // the answer, in the spec's shape, from what was just written (no read-back)
  const result = transform({ input, orders, shopOrder, priced }, ({ input, orders, shopOrder, priced }) => ({
    order_id: orders[0].id,
    order_number: shopOrder.order_number,
    total: priced.total,
    view: toShopOrderView({
      ...shopOrder,
      address: shopOrder.address as AddressFields,
      order: {
        id: orders[0].id,
        created_at: orders[0].created_at as Date,
        customer: input.customer ?? null,
        items: priced.lines.map((l) => ({
          product_id: l.product_id,
          title: l.title,
          thumbnail: l.image,
          unit_price: l.unit_price,
          quantity: l.quantity,
        })),
      },
    }),
  }))
  return new WorkflowResponse(result)
})

/** A signed-in customer's checkout: their cart, their address, then the one order workflow. */
export const placeCustomerOrderWorkflow = createWorkflow(
  "place-customer-order",
  (input: { customer_id: string; address_id: string; client_address?: string | null }) => {
    const resolved = resolveCustomerCheckoutStep(input)
    const order = transform({ resolved, input }, ({ resolved, input }) => ({ ...resolved, client_address: input.client_address ?? null }))
    const result = placeShopOrderWorkflow.runAsStep({ input: order })
    return new WorkflowResponse(result)
  }
)

export type PlaceLandingOrderInput = Omit<PlaceShopOrderInput, "landing_page_slug"> & {
  landing_page_slug: string
  /** the shopper's Meta tracking (issue 19), kept only when the page has a pixel; none for an order the merchant converted */
  meta?: MetaTracking | null
}

/**
 * A cash-on-delivery order from a published landing page: its product only,
 * delivery charged by area, then the one order workflow, then one more order
 * on the page's analytics. Refusals are in Bengali.
 */
export const placeLandingOrderWorkflow = createWorkflow("place-landing-order", (input: PlaceLandingOrderInput) => {
  const check = transform({ input }, ({ input }) => ({
    slug: input.landing_page_slug,
    product_ids: input.items.map((i) => i.product_id),
  }))
  const page = resolveLandingOrderStep(check)
  const order = transform({ input }, ({ input }) => {
    const { meta: _meta, ...rest } = input
    return { ...rest, language: "bn" as const }
  })
  const result = placeShopOrderWorkflow.runAsStep({ input: order })
  const counted = transform({ page }, ({ page }) => ({ page_id: page.page_id }))
  countLandingOrderStep(counted)
  // the page's pixel in effect: the order's Meta Purchase, sent once the order is confirmed (workflows/meta-purchase.ts)
  const tracking = transform({ input, page, result }, ({ input, page, result }) => ({
    order_id: result.order_id,
    order_number: result.order_number,
    page_id: page.page_id,
    slug: page.slug,
    page_pixel_id: page.meta_pixel_id,
    tracking: input.meta ?? null,
  }))
  recordPurchaseTrackingStep(tracking)
  return new WorkflowResponse(result)
})
