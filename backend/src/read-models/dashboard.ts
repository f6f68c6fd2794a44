import type { MedusaContainer } from "@medusajs/framework/types"
import {
  COMPLETED_ORDER_STATUSES,
  RECENT_ORDERS,
  recipientName,
  SHOP_TIME_ZONE,
  type DashboardFigures,
  type DashboardPeriod,
  type DashboardRecentOrder,
} from "@shop/contract"
import { pgConnection, type Knex, type PgRows } from "../lib/pg"
import { ORDER_LINK_TABLE } from "../modules/shop-order/link-table"
import { customerName } from "./users"

/** Named bindings of every query: `:tz` is the shop's time zone. */
const BINDINGS = { tz: SHOP_TIME_ZONE }

/** date_trunc's unit for the start of each period ("all" has no start). */
const TRUNCATE_TO: Record<Exclude<DashboardPeriod, "all">, "day" | "month" | "year"> = {
  today: "day",
  month: "month",
  year: "year",
}

/**
 * The instant a period starts, as SQL: the Dhaka wall clock truncated to the
 * day, month or year, read back as a Dhaka time. Only constants go into the
 * text; the time zone is the `:tz` binding. Written out in the query (not
 * computed first) so the planner sees the bound and can use the created_at index.
 */
function periodStart(unit: "day" | "month" | "year"): string {
  return `(date_trunc('${unit}', now() at time zone :tz) at time zone :tz)`
}

/** The period's orders: not deleted, and since its start unless it is all time. */
function periodFilter(period: DashboardPeriod): string {
  if (period === "all") return "o.deleted_at is null"
  return `o.deleted_at is null and o.created_at >= ${periodStart(TRUNCATE_TO[period])}`
}

/**
 * The key a customer is counted by: guest email (any case), else guest phone,
 * else account; empty strings are none. Emails and phones are stored trimmed.
 */
const CUSTOMER_KEY = `coalesce(nullif(lower(o.guest_email), ''), nullif(o.guest_phone, ''), nullif(o.customer_id, ''))`

/** FILTERs over the grouped rows: orders of some statuses, amount of one status, and customers. */
const ordersOf = (...statuses: readonly string[]) =>
  `coalesce(sum(g.orders) filter (where g.by_status and g.status in (${statuses.map((s) => `'${s}'`).join(", ")})), 0)::int`
const amountOf = (status: string) =>
  `round(coalesce(sum(g.amount) filter (where g.by_status and g.status = '${status}'), 0)::numeric, 2)::float8`

/**
 * Every order figure of the period in one statement (one snapshot) and one
 * pass over its rows: GROUPING SETS hash them by status (five rows: counts and
 * amounts) and by customer key (one row per customer) at once, and FILTER
 * aggregates fold those rows; today's orders come from the created_at index.
 * At 100,000 orders this costs what the distinct customers alone cost
 * otherwise: nine FILTERs on every order plus a count(distinct ...), which
 * sorts every row, took about 3 times as long.
 */
async function orderFigures(knex: Knex, period: DashboardPeriod) {
  const from = period === "all" ? "null::timestamptz" : periodStart(TRUNCATE_TO[period])
  const { rows } = await knex.raw<PgRows>(
    `select now() as generated_at,
            ${from} as from_at,
            ${amountOf("delivered")} as total_profit,
            ${amountOf("pending")} as pending_amount,
            round(coalesce(sum(g.paid) filter (where g.by_status), 0)::numeric, 2)::float8 as bkash_received,
            coalesce(sum(g.orders) filter (where g.by_status), 0)::int as total_orders,
            (select count(*) from shop_order o
              where o.deleted_at is null and o.created_at >= ${periodStart("day")})::int as today_orders,
            count(*) filter (where not g.by_status and g.customer is not null)::int as total_customers,
            ${ordersOf("pending")} as pending_orders,
            ${ordersOf(...COMPLETED_ORDER_STATUSES)} as completed_orders,
            ${ordersOf("cancelled")} as cancelled_orders,
            ${ordersOf("shipped")} as shipped_orders,
            ${ordersOf("delivered")} as delivered_orders
       from (select o.status, ${CUSTOMER_KEY} as customer, grouping(o.status) = 0 as by_status,
                    count(*) as orders, sum(o.total) as amount, sum(o.amount_paid) as paid
               from shop_order o
              where ${periodFilter(period)}
              group by grouping sets ((o.status), (${CUSTOMER_KEY}))) g`,
    BINDINGS
  )
  return rows[0] as {
    generated_at: Date | string
    from_at: Date | string | null
    total_profit: number
    pending_amount: number
    bkash_received: number
    total_orders: number
    today_orders: number
    total_customers: number
    pending_orders: number
    completed_orders: number
    cancelled_orders: number
    shipped_orders: number
    delivered_orders: number
  }
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "")

/**
 * Who placed a recent order, never empty: the contract's recipient rule (the
 * name the order was placed for, else the guest's, else the account's by
 * customerName: its Full Name, else first and last name, else its email); an
 * order with no name at all shows its email, else its phone.
 */
function recentOrderName(row: Record<string, unknown>): string {
  const account =
    row.customer_id != null
      ? customerName({
          email: row.customer_email as string | null,
          first_name: row.customer_first_name as string | null,
          last_name: row.customer_last_name as string | null,
          metadata: row.customer_metadata as Record<string, unknown> | null,
        })
      : ""
  return recipientName(
    {
      isGuest: row.is_guest === true,
      name: text(row.recipient_name),
      guestName: text(row.guest_name),
      accountName: account,
    },
    text(row.guest_email),
    text(row.guest_phone),
    text(row.address_number)
  )
}

/** The period's newest orders, with the Medusa order id they are linked to and who placed them. */
async function recentOrders(knex: Knex, period: DashboardPeriod): Promise<DashboardRecentOrder[]> {
  const { rows } = await knex.raw<PgRows>(
    `select link.order_id, o.order_number, o.is_guest, o.guest_name, o.guest_email, o.guest_phone,
            o.address->>'number' as address_number, o.address->>'name' as recipient_name, o.customer_id, o.total, o.status, o.created_at,
            c.email as customer_email, c.first_name as customer_first_name,
            c.last_name as customer_last_name, c.metadata as customer_metadata
       from shop_order o
       left join lateral (
         select l.order_id from ${ORDER_LINK_TABLE} l
          where l.shop_order_id = o.id and l.deleted_at is null
          order by l.created_at
          limit 1
       ) link on true
       left join customer c on c.id = o.customer_id
      where ${periodFilter(period)}
      order by o.created_at desc, o.order_number desc
      limit ${RECENT_ORDERS}`,
    BINDINGS
  )
  return rows.map((row) => ({
    _id: (row.order_id as string | null) ?? null,
    orderNumber: row.order_number as string,
    isGuest: row.is_guest as boolean,
    guestName: (row.guest_name as string | null) ?? null,
    customerName: recentOrderName(row),
    TotalAmount: Number(row.total),
    orderStatus: row.status as string,
    orderDate: new Date(row.created_at as Date | string).toISOString(),
  }))
}

/**
 * Products that are not deleted, and how many of them are out of stock. A
 * product's stock is what the shop shows (src/lib/shop-products.ts): its first
 * variant's first inventory item, stocked minus reserved at the store's default
 * location, in whole units of the required quantity; 0 when any of them is missing.
 */
async function productFigures(knex: Knex) {
  const { rows } = await knex.raw<PgRows>(
    `select count(*)::int as total_products,
            count(*) filter (where coalesce(stock.units, 0) <= 0)::int as out_of_stock_products
       from product p
       left join lateral (
         select v.id from product_variant v
          where v.product_id = p.id and v.deleted_at is null
          order by v.variant_rank nulls last, v.created_at, v.id
          limit 1
       ) variant on true
       left join lateral (
         select pvi.inventory_item_id, coalesce(nullif(pvi.required_quantity, 0), 1) as required_quantity
           from product_variant_inventory_item pvi
           join inventory_item ii on ii.id = pvi.inventory_item_id and ii.deleted_at is null
          where pvi.variant_id = variant.id and pvi.deleted_at is null
          order by pvi.created_at, pvi.id
          limit 1
       ) item on true
       left join lateral (
         select floor(sum(il.stocked_quantity - il.reserved_quantity) / item.required_quantity) as units
           from inventory_level il
          where il.inventory_item_id = item.inventory_item_id
            and il.deleted_at is null
            and il.location_id = (
              select s.default_location_id from store s where s.deleted_at is null order by s.created_at limit 1
            )
       ) stock on true
      where p.deleted_at is null`,
    {}
  )
  return rows[0] as { total_products: number; out_of_stock_products: number }
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** The figures, straight from the database: the three queries run side by side. */
async function computeDashboard(knex: Knex, period: DashboardPeriod): Promise<DashboardFigures> {
  const [orders, recent, products] = await Promise.all([
    orderFigures(knex, period),
    recentOrders(knex, period),
    productFigures(knex),
  ])
  return {
    period,
    timeZone: SHOP_TIME_ZONE,
    from: orders.from_at ? iso(orders.from_at) : null,
    generatedAt: iso(orders.generated_at),
    totalProfit: Number(orders.total_profit),
    pendingAmount: Number(orders.pending_amount),
    bkashReceived: Number(orders.bkash_received),
    totalOrders: orders.total_orders,
    todayOrders: orders.today_orders,
    totalProducts: products.total_products,
    outOfStockProducts: products.out_of_stock_products,
    totalCustomers: orders.total_customers,
    pendingOrders: orders.pending_orders,
    completedOrders: orders.completed_orders,
    cancelledOrders: orders.cancelled_orders,
    shippedOrders: orders.shipped_orders,
    deliveredOrders: orders.delivered_orders,
    recentOrders: recent,
  }
}

/**
 * Per database connection and period: the computation running, the one
 * waiting to start and how many requests wait for it, and when a computation
 * last had company (shared by several requests, or others queued behind it).
 */
type Flights = { running?: Promise<unknown>; next?: Promise<DashboardFigures>; waiting: number; busyAt?: number }
const flights = new WeakMap<object, Map<DashboardPeriod, Flights>>()

/**
 * While requests come together (a computation had company moments ago) the
 * next one starts this long after the previous one ended, so the requests
 * answered by it, asking again, share it too instead of queueing for the one
 * after (two groups taking turns would each wait two computations); a lone
 * request starts at once.
 */
const GATHER_MS = 20
const BUSY_WITHIN_MS = 250

/**
 * The admin dashboard's figures for a period, computed by the database, never
 * older than the request. Requests for the same period share a computation
 * that has not started yet; one arriving while a computation runs waits for
 * the next, which starts (and takes its snapshot) when the running one ends.
 * So every answer sees every write made before its request, and at most one
 * computation per period runs at a time however many admins refresh at once.
 */
export function loadDashboard(container: MedusaContainer, period: DashboardPeriod): Promise<DashboardFigures> {
  const knex = pgConnection(container)
  let byPeriod = flights.get(knex)
  if (!byPeriod) flights.set(knex, (byPeriod = new Map()))
  let flight = byPeriod.get(period)
  if (!flight) byPeriod.set(period, (flight = { waiting: 0 }))
  const slot = flight
  if (slot.next) {
    slot.waiting++
    return slot.next
  }
  const turn = (slot.running ? slot.running.catch(() => undefined) : Promise.resolve()).then(() =>
    slot.busyAt !== undefined && Date.now() - slot.busyAt < BUSY_WITHIN_MS
      ? new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS))
      : undefined
  )
  const next = turn.then(() => {
    // from here on, newcomers wait for a later computation
    const shared = slot.waiting > 1
    slot.next = undefined
    slot.waiting = 0
    const run = computeDashboard(knex, period)
    slot.running = run
    const done = () => {
      if (shared || slot.next) slot.busyAt = Date.now()
      if (slot.running === run) slot.running = undefined
    }
    run.then(done, done)
    return run
  })
  slot.next = next
  slot.waiting = 1
  return next
}
