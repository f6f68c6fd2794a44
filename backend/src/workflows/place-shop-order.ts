import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  authorizePaymentSessionStep,
  createOrdersStep,
  createPaymentCollectionsStep,
  createPaymentSessionStep,
  createRemoteLinkStep,
  emitEventStep,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import {
  DELIVERY_AREA_LABELS,
  normalizeBdPhone,
  orderContact,
  STORE_CURRENCY,
  type AddressFields,
  type PaymentMethod,
} from "@shop/contract"
import { splitName } from "../lib/person-name"
import { BKASH_PROVIDER_ID } from "../modules/bkash"
import { cartRequestKey } from "../modules/shop-order/order-request"
import type { OrderRequestKey } from "../modules/shop-order/service"
import { toShopOrderView } from "../read-models/orders"
import { customerName } from "../read-models/users"
import { choosePaymentStep } from "./steps/bkash-payment"
import { closeCartStep } from "./steps/close-cart"
import { countLandingOrderStep } from "./steps/count-landing-order"
import { createShopOrderStep } from "./steps/create-shop-order"
import { assessOrderRiskStep, recordOrderRiskStep, refuseBlocklistedStep } from "./steps/guard-order"
import { limitOrdersStep } from "./steps/limit-orders"
import { recordPurchaseTrackingStep, type MetaTracking } from "./steps/meta-purchase"
import { createNativeGuestCustomerStep } from "./steps/native-guest-customer"
import { findPlacedOrderStep, type PlacedOrder } from "./steps/order-once"
import { openPhoneCheckStep } from "./steps/phone-check"
import type { PlaceShopOrderInput } from "./steps/place-shop-order-input"
import { priceShopOrderStep } from "./steps/price-shop-order"
import { resolveCustomerCheckoutStep } from "./steps/resolve-customer-checkout"
import { resolveLandingOrderStep } from "./steps/resolve-landing-order"
import { storeCartOrderStep, type StoreCartOrderInput } from "./steps/store-cart-order"
import { takeStockStep } from "./steps/take-stock"

export type { PlaceShopOrderInput }

/**
 * One order for every channel (shop checkout, signed-in or guest, and landing
 * pages): priced from the catalog, stock taken atomically, a Medusa order with
 * its payment collection (cash on delivery, or a bKash session waiting for
 * the shopper to pay), and the shop's record with its number.
 * Any failure undoes the steps before it. A process killed half-way runs no
 * undo: the stock take leaves a hold that recording the order consumes, and
 * the recovery job returns the units of a hold left behind and removes its
 * half-made order.
 */
export const placeShopOrderWorkflow = createWorkflow("place-shop-order", (input: PlaceShopOrderInput) => {
  // the order's contact, normalised once at intake: the recipient's name by the contract's one rule, the phone's key
  const contact = transform({ input }, ({ input }) => {
    const contact = orderContact(
      {
        isGuest: input.is_guest,
        name: input.address.name,
        guestName: input.guest_name,
        accountName: input.customer ? customerName({ email: input.email ?? null, ...input.customer }) : null,
      },
      input.guest_phone || input.address.number
    )
    // the delivery address's own number (a guest may give another than the contact phone), a mobile in its one form
    const typed = input.address.number?.trim() ?? ""
    return { ...contact, address_phone: normalizeBdPhone(typed) ?? (typed || contact.phone) }
  })
  // orders per phone or customer, counted inside the order's lock after the repeat check (steps/limit-orders.ts)
  limitOrdersStep(
    transform({ input, contact }, ({ input, contact }) => ({
      customer_id: input.customer_id ?? null,
      phone: contact.phone,
      language: input.language,
      placed_by_staff: input.placed_by_staff ?? false,
    }))
  )

  // the fake-order guard: a blocklisted phone or address is refused before anything is taken
  const guardInput = transform({ input, contact }, ({ input, contact }) => ({
    phone: contact.phone,
    client_address: input.client_address ?? null,
    product_ids: input.items.map((i) => i.product_id),
    language: input.language,
  }))
  refuseBlocklistedStep(guardInput)

  // cash on delivery, or bKash (refused here, before anything is taken, when bKash is not set up)
  const payment = choosePaymentStep(
    transform({ input }, ({ input }) => ({
      payment_method: input.payment_method,
      delivery_area: input.delivery_area,
      language: input.language,
      placed_by_staff: input.placed_by_staff ?? false,
    }))
  )

  const priced = priceShopOrderStep({
    items: input.items,
    delivery_area: input.delivery_area,
    shown_total: input.shown_total,
  })

  const stock = transform({ input, priced }, ({ input, priced }) => ({
    location_id: priced.location_id,
    lines: priced.lines.map((l) => ({ inventory_item_id: l.inventory_item_id, quantity: l.quantity, title: l.title })),
    language: input.language,
  }))
  // the units are held for an order whose ids are chosen here (crash recovery: src/jobs/release-stock-holds.ts)
  const taken = takeStockStep(stock)
  // then the guard's assessment (it holds an order for a call, never refuses one): a sold-out refusal never waits for it
  const guarded = assessOrderRiskStep(guardInput)
  // the way it is paid: the shopper's, or the delivery charge in advance when the merchant asks it of held orders
  const paying = transform({ payment, guarded }, ({ payment, guarded }) => ({
    method: payment.advance_if_held && guarded.risk.needsConfirmation ? ("bkash_advance" as const) : payment.method,
  }))

  // a guest's own guest customer record, so Medusa Admin's Orders list names the order
  const guest = transform({ input, contact }, ({ input, contact }) => ({
    is_guest: input.is_guest,
    name: contact.name,
    phone: contact.phone,
  }))
  const guestCustomerId = createNativeGuestCustomerStep(guest)

  const orderData = transform(
    { input, contact, priced, taken, guestCustomerId, payment },
    ({ input, contact, priced, taken, guestCustomerId, payment }) => {
      const address = {
        ...splitName(contact.name),
        address_1: input.address.address,
        city: input.address.city,
        postal_code: input.address.pincode,
        phone: contact.address_phone,
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
          // how the shopper chose to pay (a held order may then be asked for the advance: the shop record says);
          // an order staff took: by phone or in Messenger, and by whom (Medusa Admin's order page shows its metadata)
          metadata: {
            payment_method: payment.method,
            ...(input.source ? { source: input.source, taken_by: input.taken_by ?? null } : {}),
          },
        },
      ]
    }
  )
  const orders = createOrdersStep(orderData)
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
  // bKash: the collection's session with the bKash provider, its authorization deferred until bKash
  // confirms the money (the order waits, Medusa shows its payment as awaited: workflows/bkash-payment.ts)
  when("bkash-session", { paying }, ({ paying }) => paying.method !== "cod").then(() => {
    const session = createPaymentSessionStep(
      transform({ collections, priced, paying }, ({ collections, priced, paying }) => ({
        payment_collection_id: collections[0].id,
        provider_id: BKASH_PROVIDER_ID,
        currency_code: STORE_CURRENCY,
        amount: priced.total,
        data: { method: paying.method },
      }))
    )
    authorizePaymentSessionStep(transform({ session }, ({ session }) => ({ id: session.id, context: {} })))
  })

  const record = transform(
    { input, contact, priced, orderId, paying },
    ({ input, contact, priced, orderId, paying }) => ({
      order_id: orderId,
      is_guest: input.is_guest,
      guest_name: input.guest_name ?? null,
      guest_email: input.is_guest ? (input.email ?? null) : null,
      guest_phone: input.is_guest ? contact.phone : null,
      phone: contact.phone,
      customer_id: input.customer_id ?? null,
      cart_id: input.cart_id ?? null,
      landing_page_slug: input.landing_page_slug ?? null,
      source: input.source ?? (input.landing_page_slug ? ("landing" as const) : ("shop" as const)),
      taken_by: input.taken_by ?? null,
      ad_campaign_id: input.ad?.campaignId ?? null,
      ad_set_id: input.ad?.adsetId ?? null,
      ad_id: input.ad?.adId ?? null,
      address: {
        name: contact.name,
        address: input.address.address,
        city: input.address.city,
        pincode: input.address.pincode,
        number: contact.address_phone,
        notes: input.address.notes,
      },
      delivery_area: input.delivery_area,
      delivery_charge: priced.delivery_charge,
      total: priced.total,
      payment_method: paying.method,
      payment_state: paying.method === "cod" ? null : ("awaiting" as const),
      // the requests this order answers (unique: one key never places two orders), and its cart's
      requests: [...(input.requests ?? []), ...(input.cart_id ? [cartRequestKey(input.cart_id)] : [])],
    })
  )
  const shopOrder = createShopOrderStep(record)
  const risk = transform({ guarded, orderId }, ({ guarded, orderId }) => ({ ...guarded, order_id: orderId }))
  recordOrderRiskStep(risk)
  // a held order's phone check: a code by SMS can release it without the call (steps/phone-check.ts)
  const phoneCheck = openPhoneCheckStep(
    transform({ input, guarded, orderId, shopOrder, contact, paying }, (v) => ({
      order_id: v.orderId,
      order_number: v.shopOrder.order_number,
      phone: v.contact.phone,
      held: v.guarded.risk.needsConfirmation && (v.input.phone_check ?? false),
      placed_by_staff: v.input.placed_by_staff ?? false,
      payment_method: v.paying.method,
      client_address: v.input.client_address ?? null,
    }))
  )

  const cart = transform({ input }, ({ input }) => ({ cart_id: input.cart_id ?? null }))
  closeCartStep(cart)

  // for whoever follows orders, once the order is committed and answered: incomplete-order recovery
  // (subscribers/landing-draft-recovered.ts) and the storefront servers' caches (subscribers/order-placed-public-cache.ts)
  const placed = transform({ guarded, orderId, input, priced, phoneCheck }, (v) => ({
    eventName: "shop-order.placed",
    data: {
      id: v.orderId,
      phone: v.guarded.phone,
      landing_page_slug: v.input.landing_page_slug ?? null,
      product_ids: [...new Set(v.priced.lines.map((l) => l.product_id))],
      // the shopper's text: this code in place of the order-placed message (subscribers/order-sms.ts)
      phone_code_message: v.phoneCheck?.message_id ?? null,
    },
  }))
  emitEventStep(placed)

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

/** How long a repeat waits for the request holding its order's lock, and how long a lock outlives a dead process. */
const LOCK_WAIT_SECONDS = 20
const LOCK_TTL_SECONDS = 60

/**
 * Exactly once: under a lock on `lock_keys` (Medusa's Locking module: Redis
 * or PostgreSQL across servers, in memory in one), the order an earlier
 * request with one of `requests` placed is answered again; only when there is
 * none does `place` run. The requests are recorded with the order in its
 * transaction under a unique index (steps/create-shop-order.ts), so even a
 * lock that failed can never make a second order. Composition only.
 */
function placeOnce(
  keys: WorkflowData<{ lock_keys: string[]; requests: OrderRequestKey[] }>,
  place: () => WorkflowData<PlacedOrder>
): WorkflowData<PlacedOrder> {
  acquireLockStep(
    transform({ keys }, ({ keys }) => ({ key: keys.lock_keys, timeout: LOCK_WAIT_SECONDS, ttl: LOCK_TTL_SECONDS }))
  )
  const earlier = findPlacedOrderStep(transform({ keys }, ({ keys }) => ({ requests: keys.requests })))
  const placed = when("place-order", { earlier }, ({ earlier }) => !earlier).then(place)
  releaseLockStep(transform({ keys }, ({ keys }) => ({ key: keys.lock_keys })))
  return transform({ earlier, placed }, ({ earlier, placed }) => (placed ?? earlier) as PlacedOrder)
}

/** A request's idempotency: the shopper's key (scoped by door) and the request's fingerprint. */
export type OrderRequest = { key: string; request_hash: string } | null

/** The requests an order answers (its key, when sent) and the locks it is placed under (`more`, then the key's). */
const requestsOf = (request: OrderRequest | undefined) => (request ? [request] : [])
const keysOf = (request: OrderRequest | undefined, ...more: string[]) => ({
  lock_keys: [...more, ...requestsOf(request).map((r) => `order-request:${r.key}`)],
  requests: requestsOf(request),
})

/** A guest's order from the shop's checkout: once per Idempotency-Key, then the one order workflow. */
export const placeGuestOrderWorkflow = createWorkflow(
  "place-guest-order",
  (input: { order: PlaceShopOrderInput; request?: OrderRequest }) => {
    const keys = transform({ input }, ({ input }) => keysOf(input.request))
    const result = placeOnce(keys, () =>
      placeShopOrderWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({ ...input.order, requests: requestsOf(input.request) })),
      })
    )
    return new WorkflowResponse(result)
  }
)

/**
 * A signed-in customer's checkout: their cart, their address, then the one
 * order workflow, under a lock on the customer, so parallel checkouts of one
 * cart make one order (the second finds the cart ordered, or, with the same
 * Idempotency-Key, answers the first's order).
 */
export const placeCustomerOrderWorkflow = createWorkflow(
  "place-customer-order",
  (input: {
    customer_id: string
    address_id: string
    client_address?: string | null
    payment_method?: PaymentMethod
    request?: OrderRequest
    phone_check?: boolean
  }) => {
    const keys = transform({ input }, ({ input }) => keysOf(input.request, `customer-checkout:${input.customer_id}`))
    const result = placeOnce(keys, () => {
      const resolved = resolveCustomerCheckoutStep(input)
      const order = transform({ resolved, input }, ({ resolved, input }) => ({
        ...resolved,
        client_address: input.client_address ?? null,
        payment_method: input.payment_method,
        requests: requestsOf(input.request),
        phone_check: input.phone_check ?? false,
      }))
      return placeShopOrderWorkflow.runAsStep({ input: order })
    })
    return new WorkflowResponse(result)
  }
)

/**
 * POST /store/carts/{id}/complete (Medusa's storefront starter, the js-sdk):
 * under a lock on the cart (the key Medusa's own cart flows lock it by), a
 * cart already completed answers its order; otherwise it becomes a shop order
 * through the one order workflow (the shop's prices, delivery by the city, the
 * stock take, limits, the guard, the number, COD). N parallel completions of
 * one cart make one order and all answer it.
 */
export const completeStoreCartWorkflow = createWorkflow("complete-store-cart", (input: StoreCartOrderInput) => {
  acquireLockStep(
    transform({ input }, ({ input }) => ({ key: [input.cart_id], timeout: LOCK_WAIT_SECONDS, ttl: LOCK_TTL_SECONDS }))
  )
  const cart = storeCartOrderStep(input)
  const placed = when("place-cart-order", { cart }, ({ cart }) => !cart.order_id).then(() =>
    placeShopOrderWorkflow.runAsStep({ input: transform({ cart }, ({ cart }) => cart.order!) })
  )
  releaseLockStep(transform({ input }, ({ input }) => ({ key: [input.cart_id] })))
  const result = transform({ cart, placed }, ({ cart, placed }) => ({ order_id: (placed?.order_id ?? cart.order_id)! }))
  return new WorkflowResponse(result)
})

export type PlaceLandingOrderInput = Omit<PlaceShopOrderInput, "landing_page_slug"> & {
  landing_page_slug: string
  /** the shopper's Meta tracking, kept only when the page has a pixel; none for an order the merchant converted */
  meta?: MetaTracking | null
  /** the shopper's Idempotency-Key (none for an order the merchant converted) */
  request?: OrderRequest
}

/**
 * A cash-on-delivery order from a published landing page: once per
 * Idempotency-Key, its product only, delivery charged by area, then the one
 * order workflow, then one more order on the page's analytics. Refusals are
 * in Bengali.
 */
export const placeLandingOrderWorkflow = createWorkflow("place-landing-order", (input: PlaceLandingOrderInput) => {
  const keys = transform({ input }, ({ input }) => keysOf(input.request))
  const result = placeOnce(keys, () => {
    const check = transform({ input }, ({ input }) => ({
      slug: input.landing_page_slug,
      product_ids: input.items.map((i) => i.product_id),
    }))
    const page = resolveLandingOrderStep(check)
    const order = transform({ input }, ({ input }) => {
      const { meta: _meta, request, ...rest } = input
      return { ...rest, requests: requestsOf(request), language: "bn" as const }
    })
    const placed = placeShopOrderWorkflow.runAsStep({ input: order })
    const counted = transform({ page }, ({ page }) => ({ page_id: page.page_id }))
    countLandingOrderStep(counted)
    // the page's pixel in effect: the order's Meta Purchase, sent once the order is confirmed (workflows/meta-purchase.ts)
    const tracking = transform({ input, page, placed }, ({ input, page, placed }) => ({
      order_id: placed.order_id,
      order_number: placed.order_number,
      page_id: page.page_id,
      slug: page.slug,
      page_pixel_id: page.meta_pixel_id,
      tracking: input.meta ?? null,
    }))
    recordPurchaseTrackingStep(tracking)
    return placed
  })
  return new WorkflowResponse(result)
})
