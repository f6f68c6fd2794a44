import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import type { ProfitEnd, ProfitSettings as Settings, ProfitStage } from "@shop/contract"
import AdSpend from "./models/ad-spend"
import OrderProfit from "./models/order-profit"
import OrderProfitLine from "./models/order-profit-line"
import ProductCost from "./models/product-cost"
import ProfitSettings from "./models/profit-settings"

/** One order's profit row as written (money in paisa). */
export type OrderProfitRow = {
  order_id: string
  order_number: string
  placed_at: string
  stage: ProfitStage
  end_state: ProfitEnd
  landing_page_slug: string | null
  campaign_id: string | null
  adset_id: string | null
  ad_id: string | null
  district: string | null
  courier: string | null
  revenue: number
  cash_received: number
  goods_cost: number
  delivery_fee: number
  cod_charge: number
  return_fee: number
  packaging: number
  profit: number
  packaging_rate: number
  settled_amount: number
  missing_costs: number
  lines: OrderProfitLineRow[]
}

export type OrderProfitLineRow = {
  product_id: string | null
  title: string
  quantity: number
  kept: number
  revenue: number
  cash_received: number
  goods_cost: number
  profit: number
  missing_cost: boolean
}

/** One ad's day as Ads Insights reported it (spend in paisa). */
export type AdSpendRow = {
  day: string
  ad_id: string
  adset_id: string | null
  campaign_id: string | null
  spend: number
  impressions: number
  clicks: number
}

export type ProductCostRow = { cost: number; effective_from: Date | string; created_by: string | null }

const SETTINGS_KEY = "shop"
const ORDER_COLUMNS = [
  "order_number",
  "placed_at",
  "stage",
  "end_state",
  "landing_page_slug",
  "campaign_id",
  "adset_id",
  "ad_id",
  "district",
  "courier",
  "revenue",
  "cash_received",
  "goods_cost",
  "delivery_fee",
  "cod_charge",
  "return_fee",
  "packaging",
  "profit",
  "packaging_rate",
  "settled_amount",
  "missing_costs",
] as const
const LINE_COLUMNS = [
  "product_id",
  "title",
  "quantity",
  "kept",
  "revenue",
  "cash_received",
  "goods_cost",
  "profit",
  "missing_cost",
] as const

const manager = (ctx: Context<EntityManager>) => (ctx.transactionManager ?? ctx.manager)!
/** "?, ?, ?": one binding per value (the manager inlines bindings, so an array cannot be one). */
const list = (values: unknown[]) => values.map(() => "?").join(", ")
/** "(?, ?), (?, ?)": one row of bindings per key. */
const pairs = (count: number) => Array.from({ length: count }, () => "(?, ?)").join(", ")

/**
 * The shop's profit figures: the merchant's rates, products' cost history,
 * one row per order (and its lines) and Meta's ad spend per ad and day. Rows
 * are written whole, by statements that make a second write of the same
 * order or day replace the first, never add to it.
 */
class ProfitModuleService extends MedusaService({
  ProfitSettings,
  ProductCost,
  OrderProfit,
  OrderProfitLine,
  AdSpend,
}) {
  /** The merchant's rates, or null before the first save. */
  @InjectManager()
  async settingsRow(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<Settings | null> {
    const rows: { settings: Settings }[] = await manager(sharedContext).execute(
      `select settings from profit_settings where key = ? and deleted_at is null`,
      [SETTINGS_KEY]
    )
    return rows[0]?.settings ?? null
  }

  /** Saves the rates in one statement (two saves at once leave one row, the later one's). */
  @InjectManager()
  async writeSettings(settings: Settings | null, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    if (!settings) {
      await manager(sharedContext).execute(`delete from profit_settings where key = ?`, [SETTINGS_KEY])
      return
    }
    await manager(sharedContext).execute(
      `insert into profit_settings (id, key, settings) values (?, ?, ?::jsonb)
       on conflict (key) where deleted_at is null do update set settings = excluded.settings, updated_at = now()`,
      [generateEntityId(undefined, "psett"), SETTINGS_KEY, JSON.stringify(settings)]
    )
  }

  /** A product's costs, newest first. */
  @InjectManager()
  async costHistory(
    productId: string,
    limit = 50,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<ProductCostRow[]> {
    return manager(sharedContext).execute(
      `select cost, effective_from, created_by from product_cost
        where product_id = ? and deleted_at is null order by effective_from desc, created_at desc limit ?`,
      [productId, limit]
    )
  }

  /** A cost from now on (paisa); returns the new row's id. */
  @InjectManager()
  async addCost(
    productId: string,
    cost: number,
    by: string | null,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<string> {
    const id = generateEntityId(undefined, "pcost")
    await manager(sharedContext).execute(
      `insert into product_cost (id, product_id, cost, effective_from, created_by) values (?, ?, ?, clock_timestamp(), ?)`,
      [id, productId, cost, by]
    )
    return id
  }

  @InjectManager()
  async dropCost(id: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    await manager(sharedContext).execute(`delete from product_cost where id = ?`, [id])
  }

  /** Each product's cost at each moment (paisa; null: none set before it), in the order asked. */
  @InjectManager()
  async costsAt(
    asks: { product_id: string; at: string }[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<(number | null)[]> {
    if (!asks.length) return []
    const rows: { i: number; cost: number | null }[] = await manager(sharedContext).execute(
      `select a.i, c.cost
         from (values ${asks.map(() => "(?::int, ?::text, ?::timestamptz)").join(", ")}) as a(i, product_id, at)
         left join lateral (
           select cost from product_cost
            where product_id = a.product_id and effective_from <= a.at and deleted_at is null
            order by effective_from desc, created_at desc limit 1
         ) c on true`,
      asks.flatMap((a, i) => [i + 1, a.product_id, a.at])
    )
    const byIndex = new Map(rows.map((r) => [Number(r.i), r.cost == null ? null : Number(r.cost)]))
    return asks.map((_, i) => byIndex.get(i + 1) ?? null)
  }

  /** The rows of these orders as they stand (a write's compensation puts them back). */
  @InjectManager()
  async orderRows(
    orderIds: string[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<OrderProfitRow[]> {
    if (!orderIds.length) return []
    const m = manager(sharedContext)
    const rows: (Omit<OrderProfitRow, "lines" | "placed_at"> & { placed_at: Date | string })[] = await m.execute(
      `select order_id, ${ORDER_COLUMNS.join(", ")} from order_profit where order_id in (${list(orderIds)}) and deleted_at is null`,
      orderIds
    )
    const lines: (OrderProfitLineRow & { order_id: string })[] = await m.execute(
      `select order_id, ${LINE_COLUMNS.join(", ")} from order_profit_line
        where order_id in (${list(orderIds)}) and deleted_at is null order by id`,
      orderIds
    )
    return rows.map((row) => ({
      ...row,
      placed_at: new Date(row.placed_at).toISOString(),
      lines: lines.filter((l) => l.order_id === row.order_id).map(({ order_id: _o, ...line }) => line),
    }))
  }

  /**
   * Writes these orders' rows whole, in one transaction: each order's row made
   * or replaced in place (keyed by order), its lines replaced. `remove`: orders
   * whose rows go (a write's compensation for orders that had none).
   */
  @InjectTransactionManager()
  async writeOrderRows(
    rows: OrderProfitRow[],
    remove: string[] = [],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    const m = manager(sharedContext)
    const ids = [...rows.map((r) => r.order_id), ...remove]
    if (!ids.length) return
    await m.execute(`delete from order_profit_line where order_id in (${list(ids)})`, ids)
    if (remove.length) await m.execute(`delete from order_profit where order_id in (${list(remove)})`, remove)
    if (!rows.length) return
    // one statement for the orders and one for all their lines, however many (the order path's statements stay flat)
    const orderRow = `(${["?", "?", ...ORDER_COLUMNS.map(() => "?")].join(", ")})`
    await m.execute(
      `insert into order_profit (id, order_id, ${ORDER_COLUMNS.join(", ")})
       values ${rows.map(() => orderRow).join(", ")}
       on conflict (order_id) where deleted_at is null
       do update set ${ORDER_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")}, updated_at = now()`,
      rows.flatMap((row) => [generateEntityId(undefined, "oprof"), row.order_id, ...ORDER_COLUMNS.map((c) => row[c])])
    )
    const lines = rows.flatMap((row) => row.lines.map((line) => ({ row, line })))
    if (!lines.length) return
    const lineRow = `(${["?", "?", "?", "?", ...LINE_COLUMNS.map(() => "?")].join(", ")})`
    await m.execute(
      `insert into order_profit_line (id, order_id, placed_at, end_state, ${LINE_COLUMNS.join(", ")})
       values ${lines.map(() => lineRow).join(", ")}`,
      lines.flatMap(({ row, line }) => [
        generateEntityId(undefined, "oprofl"),
        row.order_id,
        row.placed_at,
        row.end_state,
        ...LINE_COLUMNS.map((c) => line[c]),
      ])
    )
  }

  /** The stored rows of these ads' days (a write's compensation puts them back). */
  @InjectManager()
  async adSpendRows(
    keys: { day: string; ad_id: string }[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<AdSpendRow[]> {
    if (!keys.length) return []
    return manager(sharedContext).execute(
      `select day, ad_id, adset_id, campaign_id, spend, impressions, clicks from ad_spend
        where (day, ad_id) in (${pairs(keys.length)}) and deleted_at is null`,
      keys.flatMap((k) => [k.day, k.ad_id])
    )
  }

  /** Removes these ads' days (a compensation of days that were not there before). */
  @InjectManager()
  async dropAdSpend(
    keys: { day: string; ad_id: string }[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ) {
    if (!keys.length) return
    await manager(sharedContext).execute(
      `delete from ad_spend where (day, ad_id) in (${pairs(keys.length)})`,
      keys.flatMap((k) => [k.day, k.ad_id])
    )
  }

  /** Ad spend per ad and day, each day's row replaced by the newer report. */
  @InjectTransactionManager()
  async writeAdSpend(rows: AdSpendRow[], @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    const m = manager(sharedContext)
    for (const row of rows) {
      await m.execute(
        `insert into ad_spend (id, day, ad_id, adset_id, campaign_id, spend, impressions, clicks)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (day, ad_id) where deleted_at is null
         do update set adset_id = excluded.adset_id, campaign_id = excluded.campaign_id, spend = excluded.spend,
                       impressions = excluded.impressions, clicks = excluded.clicks, updated_at = now()`,
        [
          generateEntityId(undefined, "adsp"),
          row.day,
          row.ad_id,
          row.adset_id,
          row.campaign_id,
          row.spend,
          row.impressions,
          row.clicks,
        ]
      )
    }
  }
}

export default ProfitModuleService
