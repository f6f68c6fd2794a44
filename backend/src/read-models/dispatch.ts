import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  addressLine,
  DELIVERY_AREA_LABELS,
  isDeliveryArea,
  isOrderSource,
  MAX_BULK_ORDERS,
  ORDER_EXPORT_COLUMNS,
  type Order,
  type OrderDispatch,
  PAYMENT_METHOD_LABELS,
  shopDay,
  type WithDispatch,
} from "@shop/contract"
import type { PrintOrder, PrintShop } from "../lib/dispatch-pdf"
import { pgConnection, type PgRows } from "../lib/pg"
import { supportPhone } from "../lib/support-phone"
import { ORDER_LINK_TABLE } from "../modules/shop-order/link-table"
import { listShopOrders } from "./orders"

/** Ids as one JSON parameter (any number of them: PostgreSQL takes at most 65,535 parameters a statement). */
const IDS = "(select jsonb_array_elements_text(?::jsonb))"
const iso = (value: unknown) => (value ? new Date(String(value)).toISOString() : null)

/** Each order's dispatch view (source, who took it, its print mark), by Medusa order id. */
export async function dispatchOf(container: MedusaContainer, orderIds: string[]): Promise<Map<string, OrderDispatch>> {
  const views = new Map<string, OrderDispatch>()
  if (!orderIds.length) return views
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select l.order_id, o.source, o.taken_by, o.printed_at, o.print_count
       from shop_order o join ${ORDER_LINK_TABLE} l on l.shop_order_id = o.id and l.deleted_at is null
      where l.order_id in (${IDS}) and o.deleted_at is null`,
    [JSON.stringify(orderIds)]
  )
  for (const row of rows) {
    views.set(String(row.order_id), {
      source: isOrderSource(row.source) ? row.source : "shop",
      takenBy: (row.taken_by as string | null) ?? null,
      printedAt: iso(row.printed_at),
      printCount: Number(row.print_count ?? 0),
    })
  }
  return views
}

/** Admin order answers with their dispatch view. */
export async function withDispatch<T extends Order>(
  container: MedusaContainer,
  orders: T[]
): Promise<(T & WithDispatch)[]> {
  const views = await dispatchOf(
    container,
    orders.map((o) => o._id)
  )
  return orders.map((order) => ({ ...order, dispatch: views.get(order._id) }))
}

/** Where the shop's day (Asia/Dhaka) began. */
const dayStart = (now: Date) => new Date(`${shopDay(now)}T00:00:00+06:00`)

/**
 * The orders confirmed today and not printed yet, oldest first (at most
 * MAX_BULK_ORDERS: the next print takes the rest): booked with a courier
 * today, or waiting to be sent and not held for a confirmation call, placed
 * today or released today (by a call or a code sent by SMS).
 */
export async function ordersToPrintToday(container: MedusaContainer, now = new Date()): Promise<string[]> {
  const since = dayStart(now)
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select l.order_id
       from shop_order o
       join ${ORDER_LINK_TABLE} l on l.shop_order_id = o.id and l.deleted_at is null
       left join order_risk r on r.order_id = l.order_id and r.deleted_at is null
      where o.deleted_at is null and o.printed_at is null
        and ((o.status = 'shipped' and o.status_changed_at >= ?)
          or (o.status = 'pending' and coalesce(r.needs_confirmation, false) = false
              and (o.created_at >= ? or r.updated_at >= ?)))
      order by o.created_at, o.id
      limit ?`,
    [since, since, since, MAX_BULK_ORDERS]
  )
  return rows.map((r) => String(r.order_id))
}

/** The orders of these that were printed before, with their numbers (the 409 asking to print them again). */
export async function printedBefore(
  container: MedusaContainer,
  orderIds: string[]
): Promise<{ orderIds: string[]; orderNumbers: string[] }> {
  if (!orderIds.length) return { orderIds: [], orderNumbers: [] }
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select l.order_id, o.order_number
       from shop_order o join ${ORDER_LINK_TABLE} l on l.shop_order_id = o.id and l.deleted_at is null
      where l.order_id in (${IDS}) and o.deleted_at is null and o.printed_at is not null
      order by o.created_at, o.id`,
    [JSON.stringify(orderIds)]
  )
  return { orderIds: rows.map((r) => String(r.order_id)), orderNumbers: rows.map((r) => String(r.order_number)) }
}

/** The orders themselves (shop records by Medusa order id), in the order the ids were given. */
export async function ordersByIds(container: MedusaContainer, orderIds: string[]): Promise<Order[]> {
  if (!orderIds.length) return []
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select l.shop_order_id from ${ORDER_LINK_TABLE} l where l.order_id in (${IDS}) and l.deleted_at is null`,
    [JSON.stringify(orderIds)]
  )
  const orders = await listShopOrders(container, { id: rows.map((r) => String(r.shop_order_id)) })
  const byId = new Map(orders.map((o) => [o._id, o]))
  return orderIds.flatMap((id) => byId.get(id) ?? [])
}

/** The recipient as the label names them: the delivery address's name, else the guest's or the account's. */
export const recipientOf = (order: Order) =>
  order.addressInfo[0]?.name?.trim() || order.guestName?.trim() || order.userId?.username || ""
/** The phone the rider calls: the delivery address's, else the guest's. */
export const recipientPhoneOf = (order: Order) => order.addressInfo[0]?.number?.trim() || order.guestPhone || ""
/** The address as one line (the contract's addressLine: street, city, postcode). */
export const addressLineOf = (order: Order) => addressLine(order.addressInfo[0])

/** An order as its invoice and label show it. */
export function toPrintOrder(order: Order): PrintOrder {
  return {
    orderNumber: order.orderNumber,
    placedAt: order.orderDate,
    status: order.orderStatus,
    name: recipientOf(order),
    phone: recipientPhoneOf(order),
    address: addressLineOf(order),
    area: isDeliveryArea(order.deliveryArea) ? DELIVERY_AREA_LABELS[order.deliveryArea] : "",
    items: order.cartItems.map((i) => ({ title: i.title, quantity: i.quantity, unitPrice: i.price })),
    deliveryCharge: order.deliveryCharge,
    total: order.TotalAmount,
    paid: order.bkash?.paid ?? 0,
    payment: PAYMENT_METHOD_LABELS[order.paymentMethod],
    courier: order.courier
      ? {
          name: order.courier.courierName,
          consignmentId: order.courier.consignmentId,
          trackingCode: order.courier.trackingCode,
          trackingUrl: order.courier.trackingUrl,
        }
      : null,
  }
}

/** The shop as its papers name it: Medusa's store name and the support phone. */
export async function printShop(container: MedusaContainer): Promise<PrintShop> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "store", fields: ["name"] })
  return { name: (data[0] as { name?: string } | undefined)?.name || "Shop", phone: supportPhone() }
}

/**
 * Text a shopper typed, as a spreadsheet cell that stays text: one starting
 * with =, +, -, @ or a control character would be run as a formula when the
 * merchant opens the file, so it gets a leading apostrophe.
 */
const spreadsheetSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

/**
 * The orders' CSV rows (the contract's ORDER_EXPORT_COLUMNS), one per order
 * line, oldest order first; the order's own figures on each of its lines.
 */
export async function exportRowsOf(container: MedusaContainer, orderIds: string[]): Promise<string[][]> {
  const orders = (await ordersByIds(container, orderIds)).sort(
    (a, b) => a.orderDate.localeCompare(b.orderDate) || a.orderNumber.localeCompare(b.orderNumber)
  )
  const views = await dispatchOf(
    container,
    orders.map((o) => o._id)
  )
  return orders.flatMap((order) => {
    const view = views.get(order._id)
    const lines = order.cartItems.length ? order.cartItems : [null]
    return lines.map((line) => {
      const row: Record<(typeof ORDER_EXPORT_COLUMNS)[number], string> = {
        order_number: order.orderNumber,
        order_date: order.orderDate,
        status: order.orderStatus,
        source: view?.source ?? "shop",
        customer: spreadsheetSafe(recipientOf(order)),
        phone: spreadsheetSafe(recipientPhoneOf(order)),
        address: spreadsheetSafe(addressLineOf(order)),
        delivery_area: order.deliveryArea ?? "",
        product: spreadsheetSafe(line?.title ?? ""),
        quantity: line ? String(line.quantity) : "",
        unit_price: line ? String(line.price) : "",
        delivery_charge: String(order.deliveryCharge),
        total: String(order.TotalAmount),
        payment: order.paymentMethod,
        courier: order.courier?.courierName ?? "",
        consignment: order.courier?.consignmentId ?? "",
        tracking_code: order.courier?.trackingCode ?? "",
        printed_at: view?.printedAt ?? "",
      }
      return ORDER_EXPORT_COLUMNS.map((column) => row[column])
    })
  })
}
