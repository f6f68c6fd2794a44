/**
 * The Profit screen at scale (`npm run bench:profit`, ../profit.ts): a
 * history of BENCH_ORDERS (1,000,000) orders' profit rows over three years,
 * with their lines and a year of ad spend for 200 ads, written in bulk before
 * the backend starts (columns as backend/src/modules/profit's migration makes
 * them); then GET /api/admin/profit for a month, 30 days and a whole year
 * under autocannon, and a month's CSV export streamed whole.
 */
import pg from "pg"
import { GOALS } from "../goals"
import { allOk, login, runLoad, type BenchStack, type LoadResult } from "../lib"
import { say } from "./context"
import { isSuccess } from "./shop"

export const PROFIT_ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000)
/** The shop's staff on the screen at once (the owner and a manager): BENCH_CONNECTIONS to ask more. */
export const PROFIT_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 2)
export const PROFIT_DURATION = Number(process.env.BENCH_DURATION || 10)
const BATCH = 250_000
const DISTRICTS = [
  "Dhaka",
  "Chattogram",
  "Gazipur",
  "Narayanganj",
  "Cumilla",
  "Sylhet",
  "Rajshahi",
  "Khulna",
  "Bogura",
  null,
]

export type ProfitFigure = LoadResult & {
  period: string
  days: number
  connections: number
  ok: boolean
  goalMs: number
  goalMet: boolean
}
export type ExportFigure = { period: string; ms: number; bytes: number; rows: number; goalMet: boolean }

/**
 * One batch of profit rows (g = $1..$2 of $3) and their lines, in one
 * statement: spread over 1,095 days, oldest first (as a shop appends them), 60% from 20 landing pages (of them 80% from 200
 * ads in 30 campaigns), 55% delivered in full, 5% in part, 18% returned, 8%
 * cancelled, 2% fake, the rest open; parts in paisa as the arithmetic would
 * make them.
 */
const INSERT_BATCH = `
with drawn as materialized (
  select g,
         -- oldest first, as a shop appends its orders (a few minutes' jitter)
         now() - ((($3::bigint - g)::float8 / $3::bigint) * interval '1095 days') - random() * interval '10 minutes' as at,
         random() as r_end, random() as r_page, random() as r_ad, random() as r_district, random() as r_total,
         random() as r_lines
    from generate_series($1::bigint, $2::bigint) g
),
shaped as materialized (
  select g, at,
         case when r_end < 0.55 then 'delivered' when r_end < 0.60 then 'partial' when r_end < 0.78 then 'returned'
              when r_end < 0.86 then 'cancelled' when r_end < 0.88 then 'fake' else 'open' end as end_state,
         -- an ad sends its clicks to one landing page
         case when r_page < 0.6 and r_ad < 0.8 then 'bench-page-' || (floor(r_ad * 250)::int % 33)
              when r_page < 0.6 then 'bench-page-' || floor(r_page * 55)::int end as slug,
         case when r_page < 0.6 and r_ad < 0.8 then floor(r_ad * 250)::int end as ad,
         (array[${DISTRICTS.map((d) => (d ? `'${d}'` : "null")).join(", ")}])[1 + floor(r_district * ${DISTRICTS.length})::int] as district,
         (60000 + floor(r_total * 400000)::int) as revenue,
         case when r_lines < 0.3 then 2 else 1 end as lines
    from drawn
),
orders as (
  insert into order_profit (id, order_id, order_number, placed_at, stage, end_state, landing_page_slug, campaign_id,
                            adset_id, ad_id, district, courier, revenue, cash_received, goods_cost, delivery_fee,
                            cod_charge, return_fee, packaging, profit, packaging_rate, settled_amount, missing_costs,
                            created_at, updated_at)
  select 'oprof_B' || g, 'order_B' || g, 'ORD-B-' || g, at,
         case end_state when 'delivered' then (case when g % 3 = 0 then 'delivered' else 'settled' end)
                        when 'partial' then 'delivered' when 'returned' then 'sent'
                        when 'open' then 'sent' else 'placed' end,
         end_state, slug,
         case when ad is not null then 'CAMP' || (ad % 30) end,
         case when ad is not null then 'SET' || (ad % 90) end,
         case when ad is not null then 'AD' || ad end,
         district,
         case when end_state in ('cancelled', 'fake') then null when g % 4 = 0 then 'pathao' else 'steadfast' end,
         revenue,
         case end_state when 'delivered' then revenue when 'partial' then revenue / 2 else 0 end,
         case end_state when 'delivered' then revenue * 55 / 100 when 'partial' then revenue * 27 / 100 else 0 end,
         case when end_state in ('delivered', 'partial', 'returned', 'open') then 6000 else 0 end,
         case end_state when 'delivered' then revenue / 100 when 'partial' then revenue / 200 else 0 end,
         case when end_state in ('returned', 'partial') then 3000 else 0 end,
         case when end_state in ('delivered', 'partial', 'returned', 'open') then 1500 else 0 end,
         case end_state
           when 'delivered' then revenue - revenue * 55 / 100 - 6000 - revenue / 100 - 1500
           when 'partial' then revenue / 2 - revenue * 27 / 100 - 6000 - revenue / 200 - 3000 - 1500
           when 'returned' then -(6000 + 3000 + 1500)
           else 0 end,
         1500, 0, 0, at, at
    from shaped
  returning order_id, placed_at, end_state, revenue, cash_received, goods_cost, profit
)
insert into order_profit_line (id, order_id, placed_at, end_state, product_id, title, quantity, kept, revenue,
                               cash_received, goods_cost, profit, missing_cost, created_at, updated_at)
select 'oprofl_' || o.order_id || '_' || l, o.order_id, o.placed_at, o.end_state,
       'prod_BENCH' || ((abs(hashtext(o.order_id)) + l) % 400), 'Bench product ' || ((abs(hashtext(o.order_id)) + l) % 400),
       1, case when o.end_state in ('delivered', 'partial') then 1 else 0 end,
       o.revenue / s.lines, o.cash_received / s.lines, o.goods_cost / s.lines, o.profit / s.lines, false,
       o.placed_at, o.placed_at
  from orders o
  join shaped s on 'order_B' || s.g = o.order_id
  cross join lateral generate_series(1, s.lines) l`

/** The profit rows, lines and a year of ad spend, written in batches; analysed after. */
export async function insertProfitHistory(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const started = Date.now()
    await client.query("select setseed(0.33)")
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1)
      await client.query(INSERT_BATCH, [from, to, count])
      say(`profit rows ${to} / ${count} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
    }
    await client.query(
      `insert into ad_spend (id, day, ad_id, adset_id, campaign_id, spend, impressions, clicks)
       select 'adsp_B' || d || '_' || a, to_char((now() at time zone 'Asia/Dhaka')::date - d, 'YYYY-MM-DD'),
              'AD' || a, 'SET' || (a % 90), 'CAMP' || (a % 30), 20000 + floor(random() * 400000)::int,
              floor(random() * 20000)::int, floor(random() * 600)::int
         from generate_series(0, 364) d cross join generate_series(0, 199) a`
    )
    for (const table of ["order_profit", "order_profit_line", "ad_spend"]) await client.query(`analyze ${table}`)
    say(
      `wrote ${count} orders' profit, their lines and 73,000 ad-days in ${((Date.now() - started) / 1000).toFixed(1)} s`
    )
  } finally {
    await client.end()
  }
}

const dhakaDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Dhaka",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at)

/** The periods measured: this month so far is too short early in a month, so a fixed calendar month stands in. */
function periods(now: Date) {
  const day = (n: number) => dhakaDay(new Date(now.getTime() - n * 86_400_000))
  return [
    {
      period: "a month",
      days: 30,
      from: day(60),
      to: day(31),
      connections: PROFIT_CONNECTIONS,
      goalMs: GOALS.profitMonthP95Ms,
    },
    {
      period: "last 30 days",
      days: 30,
      from: day(29),
      to: day(0),
      connections: PROFIT_CONNECTIONS,
      goalMs: GOALS.profitMonthP95Ms,
    },
    // a year is a third of the history: what one merchant sees opening it
    { period: "a year", days: 366, from: day(365), to: day(0), connections: 1, goalMs: GOALS.profitYearP95Ms },
  ]
}

async function countIn(databaseUrl: string, from: string, to: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from order_profit
        where deleted_at is null and placed_at >= ($1::date::timestamp at time zone 'Asia/Dhaka')
          and placed_at < (($2::date + 1)::timestamp at time zone 'Asia/Dhaka')`,
      [from, to]
    )
    return rows[0].n
  } finally {
    await client.end()
  }
}

/** Checks each period's answer against the database, warms up, measures each; then streams a month's CSV. */
export async function measureProfit(stack: BenchStack): Promise<{ results: ProfitFigure[]; exported: ExportFigure }> {
  const cookie = await login(stack.url)
  const url = (p: { from: string; to: string }) => `${stack.url}/api/admin/profit?from=${p.from}&to=${p.to}`
  const results: ProfitFigure[] = []
  for (const p of periods(new Date())) {
    const res = await fetch(url(p), { headers: { cookie } })
    const body = (await res.json()) as { success: boolean; data?: { total: { orders: number } } }
    const expected = await countIn(stack.databaseUrl, p.from, p.to)
    if (res.status !== 200 || !body.success || body.data?.total.orders !== expected) {
      throw new Error(
        `GET profit ${p.from}..${p.to}: ${res.status}, orders ${body.data?.total.orders}, expected ${expected}`
      )
    }
    say(
      `${p.period} (${p.from} .. ${p.to}): 200, ${expected} orders; warming up, then ${p.connections} connection(s) for ${PROFIT_DURATION} s...`
    )
    await runLoad({ url: url(p), connections: 2, amount: 10, headers: { cookie } })
    const r = await runLoad({
      url: url(p),
      connections: p.connections,
      duration: PROFIT_DURATION,
      headers: { cookie },
      verifyBody: isSuccess,
    })
    results.push({
      period: p.period,
      days: p.days,
      connections: p.connections,
      ...r,
      ok: allOk(r),
      goalMs: p.goalMs,
      goalMet: allOk(r) && r.p95 <= p.goalMs,
    })
  }

  const month = periods(new Date())[0]
  const started = performance.now()
  const res = await fetch(`${stack.url}/api/admin/profit/export?from=${month.from}&to=${month.to}`, {
    headers: { cookie },
  })
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength
    for (const b of chunk) if (b === 10) lines += 1
  }
  const ms = Math.round(performance.now() - started)
  const expected = await countIn(stack.databaseUrl, month.from, month.to)
  if (res.status !== 200 || lines - 1 !== expected) {
    throw new Error(`the export: ${res.status}, ${lines - 1} rows, expected ${expected}`)
  }
  say(`export of ${month.period}: ${expected} rows, ${bytes} bytes in ${ms} ms`)
  return {
    results,
    exported: { period: month.period, ms, bytes, rows: expected, goalMet: ms <= GOALS.profitExportMs },
  }
}
