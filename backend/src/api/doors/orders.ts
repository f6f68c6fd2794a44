import type { MiddlewareRoute } from "@medusajs/framework/http"
import { shopperParcelData } from "../../read-models/couriers"
import { refuse, rewriteAnswer, storeCustomer, type Handler } from "./shared"

type Address = Record<string, unknown> | null | undefined
const PRIVATE_ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "postal_code",
  "phone",
  "metadata",
]

function withoutPrivate(address: Address): Address {
  if (!address || typeof address !== "object") return address
  const copy = { ...address }
  for (const field of PRIVATE_ADDRESS_FIELDS) if (field in copy) copy[field] = null
  return copy
}

/**
 * What an order's reader sees when it is not the order's own customer: the
 * order (lines, totals, status) without email, phone, names or street.
 */
export function redactOrder<T extends Record<string, unknown>>(order: T): T {
  const copy: Record<string, unknown> = { ...order }
  if ("email" in copy) copy.email = null
  if ("customer" in copy) copy.customer = null
  copy.shipping_address = withoutPrivate(copy.shipping_address as Address)
  copy.billing_address = withoutPrivate(copy.billing_address as Address)
  return copy as T
}

type OrdersAnswer = { order?: Record<string, unknown>; orders?: Record<string, unknown>[] }

/**
 * GET /store/orders/{id}: whoever has the id reads the order, but only its own
 * customer's session sees email, phone, names and address; and in every order
 * read, a parcel's courier record (fulfilments' data) shows only its courier
 * and tracking, never what the merchant collected, paid in fees or was paid out.
 */
const readOrders: Handler = (req, res, next) => {
  const customer = storeCustomer(req)
  rewriteAnswer<OrdersAnswer>(res, next, (body) => {
    if (Array.isArray(body?.orders)) return { ...body, orders: body.orders.map(withShopperParcels) }
    const order = body?.order
    if (!order) return body
    const own = !!customer && order.customer_id === customer
    return { ...body, order: withShopperParcels(own ? order : redactOrder(order)) }
  })
  next()
}

/** A fulfilment's data, when asked for (`fields=+fulfillments`), shows only the parcel's courier and tracking, never the merchant's cash. */
function withShopperParcels<T extends Record<string, unknown>>(order: T): T {
  if (!Array.isArray(order.fulfillments)) return order
  const fulfillments = (order.fulfillments as Record<string, unknown>[]).map((f) =>
    "data" in f ? { ...f, data: shopperParcelData(f.data) } : f
  )
  return { ...order, fulfillments }
}

/** A guest order never attaches to an account. */
const refuseTransfer: Handler = (_req, res) =>
  refuse(res, 403, "Orders cannot be transferred between accounts on this shop")

/** Returns are the merchant's, through the shop's order statuses. */
const refuseReturn: Handler = (req, res, next) =>
  req.method === "POST"
    ? refuse(res, 403, "Returns are arranged with the shop; they cannot be created through /store")
    : next()

/**
 * /store/orders and /store/returns. Transfers (request, accept, decline,
 * cancel) and returns are refused on their whole prefix, before Medusa's own
 * middlewares for them: whatever the body, and whatever route Medusa adds there.
 */
export const ordersDoor: MiddlewareRoute[] = [
  { matcher: "/store/orders", methods: ["GET"], middlewares: [readOrders] },
  { matcher: "/store/orders/:id", methods: ["GET"], middlewares: [readOrders] },
  { matcher: "/store/orders/:id/transfer", middlewares: [refuseTransfer] },
  { matcher: "/store/returns", middlewares: [refuseReturn] },
]
