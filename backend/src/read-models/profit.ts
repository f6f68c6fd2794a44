import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  COURIER_LABELS,
  DEFAULT_PROFIT_SETTINGS,
  districtOf,
  isCourierProvider,
  isDeliveryArea,
  orderProfit,
  PROFIT_GROUPS,
  SHOP_TIME_ZONE,
  type OrderProfitFacts,
  type OrderStatus,
  type ProductCostAnswer,
  type ProfitFigures,
  type ProfitGroup,
  type ProfitReport,
  type ProfitRow,
  type ProfitSettings,
} from "@shop/contract"
import { pgConnection, type PgRows } from "../lib/pg"
import { courierOfProviderId, type ParcelRecord } from "../modules/couriers"
import { ORDER_GUARD_MODULE } from "../modules/order-guard"
import type OrderGuardModuleService from "../modules/order-guard/service"
import { PROFIT_MODULE, type OrderProfitRow, type ProfitModuleService } from "../modules/profit"
import { ORDER_LINK_TABLE } from "../modules/shop-order/link-table"
import { parcelFulfilment } from "./couriers"

const profit = (container: MedusaContainer) => container.resolve<ProfitModuleService>(PROFIT_MODULE)

/** The merchant's rates, the defaults where never saved (a courier added later gets its default). */
export async function profitSettings(container: MedusaContainer): Promise<ProfitSettings> {
  const saved = await profit(container).settingsRow()
  if (!saved) return DEFAULT_PROFIT_SETTINGS
  return {
    packagingCost: saved.packagingCost,
    couriers: { ...DEFAULT_PROFIT_SETTINGS.couriers, ...saved.couriers },
  }
}

const FACT_FIELDS = [
  "id",
  "order_number",
  "status",
  "total",
  "amount_paid",
  "delivery_area",
  "address",
  "landing_page_slug",
  "ad_campaign_id",
  "ad_set_id",
  "ad_id",
  "created_at",
  "order.id",
  "order.created_at",
  "order.items.product_id",
  "order.items.title",
  "order.items.unit_price",
  "order.items.quantity",
  "order.items.detail.quantity",
  "order.fulfillments.provider_id",
  "order.fulfillments.data",
  "order.fulfillments.canceled_at",
  "order.fulfillments.created_at",
]

type FactRow = {
  id: string
  order_number: string
  status: OrderStatus
  total: unknown
  amount_paid: unknown
  delivery_area: string | null
  address: Record<string, string> | null
  landing_page_slug: string | null
  // optional: Medusa's generated query types learn of new columns on the next `medusa develop`
  ad_campaign_id?: string | null
  ad_set_id?: string | null
  ad_id?: string | null
  created_at: Date | string
  order?: {
    id: string
    created_at: Date | string
    items?: {
      product_id: string | null
      title: string
      unit_price: unknown
      quantity?: unknown
      detail?: { quantity?: unknown } | null
    }[]
    fulfillments?: {
      provider_id: string
      data: Record<string, unknown> | null
      canceled_at: unknown
      created_at: unknown
    }[]
  } | null
}

const amount = (value: unknown) => {
  const n = Number(value ?? 0)
  return Number.isFinite(n) ? n : 0
}

/**
 * These orders' profit rows as they stand now (orders that are not the
 * shop's are left out): each order's facts (its record, lines, parcel, the
 * guard's word, its products' costs when it was placed, the packaging rate
 * it was first counted with) through the contract's orderProfit.
 */
export async function computeOrderProfits(container: MedusaContainer, orderIds: string[]): Promise<OrderProfitRow[]> {
  if (!orderIds.length) return []
  const knex = pgConnection(container)
  const { rows: links } = await knex.raw<PgRows<{ shop_order_id: string }>>(
    `select shop_order_id from ${ORDER_LINK_TABLE} where order_id = any(:ids) and deleted_at is null`,
    { ids: orderIds }
  )
  if (!links.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shop_order",
    fields: FACT_FIELDS,
    filters: { id: links.map((l) => l.shop_order_id) },
  })
  const orders = (data as FactRow[]).filter((row) => row.order?.id)
  if (!orders.length) return []
  const ids = orders.map((row) => row.order!.id)

  const guard = container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)
  const risks = await guard.listOrderRisks(
    { order_id: ids },
    { select: ["order_id", "needs_confirmation", "confirmations"] }
  )
  const riskOf = new Map(risks.map((r) => [r.order_id, r]))
  const service = profit(container)
  const existing = new Map((await service.orderRows(ids)).map((row) => [row.order_id, row]))
  const settings = await profitSettings(container)

  const placedAt = (row: FactRow) => new Date(row.order?.created_at ?? row.created_at).toISOString()
  const lineAsks = orders.flatMap((row) =>
    (row.order?.items ?? []).map((item) => ({ product_id: item.product_id ?? "", at: placedAt(row) }))
  )
  const costs = await service.costsAt(lineAsks)
  let next = 0

  return orders.map((row): OrderProfitRow => {
    const orderId = row.order!.id
    const fulfilment = parcelFulfilment(row.order?.fulfillments, true)
    const provider = fulfilment ? courierOfProviderId(fulfilment.provider_id) : null
    const record = (fulfilment?.data ?? {}) as Partial<ParcelRecord>
    const returnedOf = (productId: string | null) =>
      (record.returned_units ?? [])
        .filter((unit) => unit.product_id === productId)
        .reduce((sum, unit) => sum + amount(unit.quantity), 0)
    const lines = (row.order?.items ?? []).map((item) => {
      const cost = costs[next++]
      return {
        productId: item.product_id ?? null,
        title: item.title,
        quantity: amount(item.quantity ?? item.detail?.quantity),
        returned: returnedOf(item.product_id ?? null),
        unitPrice: amount(item.unit_price),
        unitCost: cost == null ? null : cost / 100,
      }
    })
    const risk = riskOf.get(orderId)
    const before = existing.get(orderId)
    const packagingRate = before ? before.packaging_rate : Math.round(settings.packagingCost * 100)
    const address = row.address ?? {}
    const facts: OrderProfitFacts = {
      status: row.status,
      held: risk?.needs_confirmation === true,
      fake: (risk?.confirmations ?? []).some((c) => c.outcome === "fake"),
      area: isDeliveryArea(row.delivery_area) ? row.delivery_area : "outside",
      total: amount(row.total),
      advancePaid: amount(row.amount_paid),
      lines,
      parcel: provider
        ? {
            provider,
            outcome: record.outcome ?? "open",
            collected: record.collected_amount == null ? null : amount(record.collected_amount),
            fee: record.delivery_charge == null ? null : amount(record.delivery_charge),
            settled: record.settled_amount == null ? null : amount(record.settled_amount),
          }
        : null,
      packaging: packagingRate / 100,
    }
    const parts = orderProfit(facts, settings)
    return {
      order_id: orderId,
      order_number: row.order_number,
      placed_at: placedAt(row),
      stage: parts.stage,
      end_state: parts.end,
      landing_page_slug: row.landing_page_slug,
      campaign_id: row.ad_campaign_id ?? null,
      adset_id: row.ad_set_id ?? null,
      ad_id: row.ad_id ?? null,
      district: districtOf([address.address, address.city].filter(Boolean).join(", ")),
      courier: provider,
      revenue: parts.revenue,
      cash_received: parts.cashReceived,
      goods_cost: parts.goodsCost,
      delivery_fee: parts.deliveryFee,
      cod_charge: parts.codCharge,
      return_fee: parts.returnFee,
      packaging: parts.packaging,
      profit: parts.profit,
      packaging_rate: packagingRate,
      settled_amount: Math.round(amount(record.settled_amount) * 100),
      missing_costs: parts.missingCosts,
      lines: parts.lines.map((line, i) => ({
        product_id: line.productId,
        title: line.title,
        quantity: line.quantity,
        kept: line.kept,
        revenue: line.revenue,
        cash_received: line.cashReceived,
        goods_cost: line.goodsCost,
        profit: line.profit,
        missing_cost: lines[i].unitCost == null,
      })),
    }
  })
}

/** Medusa order ids of every shop order, oldest first, after `after` (the backfill's pages). */
export async function shopOrderIdsAfter(
  container: MedusaContainer,
  after: string | null,
  limit: number
): Promise<string[]> {
  const { rows } = await pgConnection(container).raw<PgRows<{ order_id: string }>>(
    `select l.order_id from ${ORDER_LINK_TABLE} l
      where l.deleted_at is null and (:after::text is null or l.order_id > :after)
      order by l.order_id limit :limit`,
    { after, limit }
  )
  return rows.map((r) => r.order_id)
}

// ---------------------------------------------------------------- the Profit screen

/** A period's bounds: from the start of `from` to the end of `to`, days in the shop's time zone. */
type Period = { from: string; to: string }

/** Which grouping set a row of the one-pass query belongs to (the bit of each grouped column, grouping()'s order). */
const GROUP_COLUMNS = {
  landing: "landing_page_slug",
  campaign: "campaign_id",
  ad: "ad_id",
  district: "district",
  courier: "courier",
} as const satisfies Partial<Record<ProfitGroup, string>>
type OrderGroup = keyof typeof GROUP_COLUMNS
const ORDER_GROUPS = Object.keys(GROUP_COLUMNS) as OrderGroup[]

const COUNTED = `end_state in ('delivered', 'partial', 'returned')`
const sumOf = (column: string, where = COUNTED) =>
  `coalesce(sum(${column}) filter (where ${where}), 0)::bigint as ${column}`

/** Every summed part of a set of orders (the row shape of ProfitFigures, in paisa). */
const FIGURES = `
  count(*)::int as orders,
  count(*) filter (where ${COUNTED})::int as counted,
  count(*) filter (where end_state in ('delivered', 'partial'))::int as delivered,
  count(*) filter (where end_state = 'returned')::int as returned,
  coalesce(sum(revenue), 0)::bigint as revenue,
  ${["cash_received", "goods_cost", "delivery_fee", "cod_charge", "return_fee", "packaging", "profit"].map((c) => sumOf(c)).join(",\n  ")},
  coalesce(sum(missing_costs) filter (where ${COUNTED}), 0)::int as missing_costs`

/** Stages in order: an order counts at its own and every earlier one. */
const STAGE_RANK = `case stage when 'placed' then 0 when 'confirmed' then 1 when 'sent' then 2 when 'delivered' then 3 else 4 end`
const FUNNEL = `
  count(*) filter (where ${STAGE_RANK} >= 1)::int as confirmed_orders,
  coalesce(sum(revenue) filter (where ${STAGE_RANK} >= 1), 0)::bigint as confirmed_amount,
  count(*) filter (where ${STAGE_RANK} >= 2)::int as sent_orders,
  coalesce(sum(revenue) filter (where ${STAGE_RANK} >= 2), 0)::bigint as sent_amount,
  count(*) filter (where ${STAGE_RANK} >= 3)::int as delivered_orders,
  coalesce(sum(cash_received) filter (where ${STAGE_RANK} >= 3), 0)::bigint as delivered_amount,
  count(*) filter (where ${STAGE_RANK} = 4)::int as settled_orders,
  coalesce(sum(cash_received) filter (where ${STAGE_RANK} = 4), 0)::bigint as settled_amount`

/** The period as SQL on `placed_at` (the placed_at index), its days read in the shop's time zone. */
const inPeriod = (table = "") => `${table}deleted_at is null
  and ${table}placed_at >= (:from::date::timestamp at time zone :tz)
  and ${table}placed_at < ((:to::date + 1)::timestamp at time zone :tz)`

type FigureRow = Record<string, unknown>

const taka = (paisa: unknown) => Math.round(Number(paisa ?? 0)) / 100

function figuresOf(row: FigureRow | undefined, spendPaisa: number): ProfitFigures {
  const n = (key: string) => Number(row?.[key] ?? 0)
  const delivered = n("delivered")
  const returned = n("returned")
  return {
    orders: n("orders"),
    counted: n("counted"),
    delivered,
    returned,
    returnRate: delivered + returned > 0 ? Math.round((returned / (delivered + returned)) * 10_000) / 10_000 : null,
    revenue: taka(n("revenue")),
    cashReceived: taka(n("cash_received")),
    goodsCost: taka(n("goods_cost")),
    deliveryFee: taka(n("delivery_fee")),
    codCharge: taka(n("cod_charge")),
    returnFee: taka(n("return_fee")),
    packaging: taka(n("packaging")),
    adSpend: taka(spendPaisa),
    profit: taka(n("profit") - spendPaisa),
    missingCosts: n("missing_costs"),
  }
}

/** The most rows one group lists (the largest first by orders). */
export const PROFIT_ROWS_PER_GROUP = 200

/**
 * The Profit screen for a period: its funnel, the whole period's figures and
 * each group's rows. Orders are summed in one pass over the period's rows
 * (the placed_at index; GROUPING SETS hash each grouping and the total at
 * once), products from their lines the same way; ad spend per ad and day is
 * joined to ads, campaigns and (through the page the ad's orders of the
 * period landed on) landing pages; an ad without an order in the period
 * matched none.
 */
export async function profitReport(container: MedusaContainer, period: Period): Promise<ProfitReport> {
  const knex = pgConnection(container)
  const bindings = { ...period, tz: SHOP_TIME_ZONE }
  // the three reads side by side, each on its own connection: the answer waits for the slowest, not their sum
  const [{ rows }, { rows: funnelRows }, { rows: products }, { rows: spendRows }] = await Promise.all([
    knex.raw<PgRows>(
      `select grouping(${ORDER_GROUPS.map((g) => GROUP_COLUMNS[g]).join(", ")})::int as g,
            ${ORDER_GROUPS.map((g) => `${GROUP_COLUMNS[g]} as ${g}`).join(", ")},
            ${FIGURES}
       from order_profit
      where ${inPeriod()}
      group by grouping sets (${ORDER_GROUPS.map((g) => `(${GROUP_COLUMNS[g]})`).join(", ")}, (ad_id, landing_page_slug), ())`,
      bindings
    ),
    // the funnel over the whole period only (beside the grouping sets it would cost each of them)
    knex.raw<PgRows>(
      `select count(*)::int as orders, coalesce(sum(revenue), 0)::bigint as revenue, ${FUNNEL}
         from order_profit where ${inPeriod()}`,
      bindings
    ),
    // an order has one line per product (a cart and a landing form hold a product once): its lines count its orders
    knex.raw<PgRows>(
      `select product_id, max(title) as title,
            count(*)::int as orders,
            count(*) filter (where ${COUNTED})::int as counted,
            count(*) filter (where end_state in ('delivered', 'partial'))::int as delivered,
            count(*) filter (where end_state = 'returned')::int as returned,
            coalesce(sum(revenue), 0)::bigint as revenue,
            coalesce(sum(cash_received) filter (where ${COUNTED}), 0)::bigint as cash_received,
            coalesce(sum(goods_cost) filter (where ${COUNTED}), 0)::bigint as goods_cost,
            coalesce(sum(profit) filter (where ${COUNTED}), 0)::bigint as profit,
            count(*) filter (where missing_cost and ${COUNTED})::int as missing_costs
       from order_profit_line
      where ${inPeriod()}
      group by product_id
      order by count(*) desc
      limit ${PROFIT_ROWS_PER_GROUP}`,
      bindings
    ),
    knex.raw<PgRows<{ ad_id: string; campaign_id: string | null; spend: string }>>(
      `select ad_id, max(campaign_id) as campaign_id, sum(spend)::bigint as spend
       from ad_spend
      where deleted_at is null and day >= :from and day <= :to
      group by ad_id`,
      period
    ),
  ])
  // the page an ad sent the period's orders to (the one it sent most to): its spend counts for that page
  const bit = (group: OrderGroup) => 1 << (ORDER_GROUPS.length - 1 - ORDER_GROUPS.indexOf(group))
  const all = (1 << ORDER_GROUPS.length) - 1
  const pageOfAd = new Map<string, string>()
  const pageOrders = new Map<string, number>()
  for (const row of rows.filter((r) => Number(r.g) === all - bit("ad") - bit("landing") && r.ad != null)) {
    const ad = String(row.ad)
    if ((pageOrders.get(ad) ?? -1) < Number(row.orders)) {
      pageOrders.set(ad, Number(row.orders))
      pageOfAd.set(ad, String(row.landing ?? ""))
    }
  }
  const spendBy: Record<"ad" | "campaign" | "landing", Map<string, number>> = {
    ad: new Map(),
    campaign: new Map(),
    landing: new Map(),
  }
  const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value)
  let totalSpend = 0
  let unattributed = 0
  for (const row of spendRows) {
    const spend = Number(row.spend)
    totalSpend += spend
    add(spendBy.ad, row.ad_id, spend)
    add(spendBy.campaign, row.campaign_id ?? "", spend)
    if (pageOfAd.has(row.ad_id)) add(spendBy.landing, pageOfAd.get(row.ad_id)!, spend)
    else unattributed += spend
  }

  const slugs = [...new Set(rows.filter((r) => r.landing != null).map((r) => String(r.landing)))]
  const { rows: pages } = slugs.length
    ? await knex.raw<PgRows<{ slug: string; title: string }>>(
        `select slug, title from landing_page where slug = any(:slugs) and deleted_at is null`,
        { slugs }
      )
    : { rows: [] }
  const titleOf = new Map(pages.map((p) => [p.slug, p.title]))
  const label = (group: ProfitGroup, key: string): string => {
    if (group === "landing") return key ? (titleOf.get(key) ?? `/${key}`) : "Shop checkout"
    if (group === "campaign") return key ? `Campaign ${key}` : "No campaign"
    if (group === "ad") return key ? `Ad ${key}` : "No ad"
    if (group === "district") return key || "Unknown district"
    if (group === "courier") return isCourierProvider(key) ? COURIER_LABELS[key] : "No courier"
    return key
  }

  const total = rows.find((r) => Number(r.g) === all)
  const groups = Object.fromEntries(PROFIT_GROUPS.map((g) => [g, [] as ProfitRow[]])) as Record<
    ProfitGroup,
    ProfitRow[]
  >
  for (const group of ORDER_GROUPS) {
    const own = rows.filter((r) => Number(r.g) === all - bit(group))
    const spends = group === "ad" || group === "campaign" || group === "landing" ? spendBy[group] : null
    const keys = new Set(own.map((r) => String(r[group] ?? "")))
    const listed = own.map((r) => {
      const key = String(r[group] ?? "")
      return { key, label: label(group, key), ...figuresOf(r, spends?.get(key) ?? 0) }
    })
    // an ad, campaign or page that spent and sold nothing in the period is a row too
    for (const [key, spend] of spends ?? []) {
      if (!keys.has(key)) listed.push({ key, label: label(group, key), ...figuresOf(undefined, spend) })
    }
    groups[group] = listed.sort((a, b) => b.orders - a.orders || b.profit - a.profit).slice(0, PROFIT_ROWS_PER_GROUP)
  }
  groups.product = products.map((r) => ({
    key: String(r.product_id ?? ""),
    label: String(r.title ?? "Unknown product"),
    ...figuresOf(r, 0),
  }))

  const n = (key: string) => Number(funnelRows[0]?.[key] ?? 0)
  return {
    from: period.from,
    to: period.to,
    generatedAt: new Date().toISOString(),
    funnel: [
      { stage: "placed", orders: n("orders"), amount: taka(n("revenue")) },
      { stage: "confirmed", orders: n("confirmed_orders"), amount: taka(n("confirmed_amount")) },
      { stage: "sent", orders: n("sent_orders"), amount: taka(n("sent_amount")) },
      { stage: "delivered", orders: n("delivered_orders"), amount: taka(n("delivered_amount")) },
      { stage: "settled", orders: n("settled_orders"), amount: taka(n("settled_amount")) },
    ],
    total: figuresOf(total, totalSpend),
    unattributedSpend: taka(unattributed),
    groups,
  }
}

/** A product's cost price now and its history, newest first (404 for a product that does not exist). */
export async function productCostView(
  container: MedusaContainer,
  productId: string
): Promise<ProductCostAnswer["data"]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "product", fields: ["id"], filters: { id: productId } })
  if (!data.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found")
  const rows = await profit(container).costHistory(productId)
  const history = rows.map((row) => ({
    cost: Number(row.cost) / 100,
    from: new Date(row.effective_from).toISOString(),
    by: row.created_by,
  }))
  return { productId, current: history[0]?.cost ?? null, history }
}

/** A text cell a spreadsheet would run as a formula (= + - @ and control characters first) gets a quote in front. */
const safeText = (value: unknown) => {
  const text = value == null ? "" : String(value)
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}
const money = (paisa: unknown) => (Number(paisa ?? 0) / 100).toFixed(2)

/** The export's columns: the header and how a row of order_profit (and its page's title) fills it. */
export const PROFIT_CSV_COLUMNS: { header: string; cell: (row: Record<string, unknown>) => string }[] = [
  { header: "Order", cell: (r) => safeText(r.order_number) },
  { header: "Placed (Dhaka)", cell: (r) => String(r.placed_local ?? "") },
  { header: "Stage", cell: (r) => String(r.stage) },
  { header: "End", cell: (r) => String(r.end_state) },
  { header: "Landing page", cell: (r) => safeText(r.page_title ?? r.landing_page_slug ?? "") },
  { header: "Campaign id", cell: (r) => safeText(r.campaign_id) },
  { header: "Ad set id", cell: (r) => safeText(r.adset_id) },
  { header: "Ad id", cell: (r) => safeText(r.ad_id) },
  { header: "District", cell: (r) => safeText(r.district) },
  { header: "Courier", cell: (r) => (isCourierProvider(r.courier) ? COURIER_LABELS[r.courier] : "") },
  { header: "Order total", cell: (r) => money(r.revenue) },
  { header: "Cash received", cell: (r) => money(r.cash_received) },
  { header: "Goods cost", cell: (r) => money(r.goods_cost) },
  { header: "Courier fee", cell: (r) => money(r.delivery_fee) },
  { header: "COD charge", cell: (r) => money(r.cod_charge) },
  { header: "Return fee", cell: (r) => money(r.return_fee) },
  { header: "Packaging", cell: (r) => money(r.packaging) },
  { header: "Profit", cell: (r) => money(r.profit) },
  { header: "Lines without a cost", cell: (r) => String(r.missing_costs ?? 0) },
]

/** How many orders one page of the export reads. */
const CSV_PAGE = 2000

/** The period's order rows for the export, oldest first, a page at a time (keyset on placed_at and id: each page one index range). */
export async function* profitCsvPages(container: MedusaContainer, period: Period): AsyncGenerator<string[][]> {
  const knex = pgConnection(container)
  // the last row's instant as PostgreSQL writes it (to the microsecond: a JavaScript Date would round it)
  let after: { placed_key: string; id: string } | null = null
  for (;;) {
    const { rows }: PgRows = await knex.raw<PgRows>(
      `select o.id, o.placed_at::text as placed_key, to_char(o.placed_at at time zone :tz, 'YYYY-MM-DD HH24:MI') as placed_local,
              o.order_number, o.stage, o.end_state, o.landing_page_slug, p.title as page_title, o.campaign_id, o.adset_id,
              o.ad_id, o.district, o.courier, o.revenue, o.cash_received, o.goods_cost, o.delivery_fee, o.cod_charge,
              o.return_fee, o.packaging, o.profit, o.missing_costs
         from order_profit o
         left join landing_page p on p.slug = o.landing_page_slug and p.deleted_at is null
        where ${inPeriod("o.")}
          and (:afterAt::timestamptz is null or (o.placed_at, o.id) > (:afterAt::timestamptz, :afterId::text))
        order by o.placed_at, o.id
        limit ${CSV_PAGE}`,
      { ...period, tz: SHOP_TIME_ZONE, afterAt: after?.placed_key ?? null, afterId: after?.id ?? null }
    )
    if (!rows.length) return
    yield rows.map((row) => PROFIT_CSV_COLUMNS.map((column) => column.cell(row)))
    const last: Record<string, unknown> = rows[rows.length - 1]
    after = { placed_key: String(last.placed_key), id: String(last.id) }
    if (rows.length < CSV_PAGE) return
  }
}

/** Meta's ad account as the environment sets it up, or null: nothing is read. */
export { adsInsightsSettings as adSpendSettings } from "../modules/profit"
