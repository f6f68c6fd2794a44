/**
 * The admin dashboard under load (`npm run bench:dashboard`, ../dashboard.ts),
 * GET /api/admin/dashboard?period=...: a shop history of BENCH_ORDERS
 * (100,000) orders written in bulk over about three years before the backend
 * starts, then autocannon per period with an admin session. Every answer must
 * be a 200 with success: true.
 */
import pg from "pg"
import { GOALS } from "../goals"
import { allOk, login, runLoad, type BenchStack, type LoadResult } from "../lib"
import { say } from "./context"
import { isSuccess } from "./shop"

const PERIODS = ["today", "month", "year", "all"] as const
export const DASHBOARD_ORDERS = Number(process.env.BENCH_ORDERS || 100_000)
export const DASHBOARD_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10)
export const DASHBOARD_DURATION = Number(process.env.BENCH_DURATION || 10)

/** One period's figure as dashboard.json's `results` hold it: ok when every answer was right. */
export type DashboardFigure = LoadResult & { period: string; ok: boolean; goalMet: boolean }

/**
 * The orders, in one INSERT ... SELECT over generate_series (and one for their
 * links to Medusa orders): spread evenly over the last 3 years, about half
 * delivered, 70% guests; guest emails and phones drawn from smaller pools so
 * customers repeat, one guest in ten without an email (as landing pages
 * allow), 1% soft-deleted; written oldest first, as a shop appends them.
 * setseed makes every run write the same rows.
 */
export async function insertOrders(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const started = Date.now()
    await client.query("begin")
    await client.query("select setseed(0.42)")
    await client.query(
      `insert into shop_order (
         id, order_number, status, status_changed_at, is_guest, guest_name, guest_email, guest_phone,
         customer_id, cart_id, landing_page_slug, address, delivery_area, delivery_charge, total,
         stock_taken, created_at, updated_at, deleted_at)
       select 'sord_BENCH' || lpad(g::text, 16, '0'),
              'ORD-' || to_char(at at time zone 'Asia/Dhaka', 'YYMMDD') || '-' || lpad(upper(to_hex(g)), 6, '0'),
              status, at, guest, case when guest then 'Bench Customer ' || (g % 5000) end,
              case when guest and r_email >= 0.1 then 'guest' || floor(r_email * 20000)::int || '@example.com' end,
              case when guest then '017' || lpad(floor(r_phone * 15000)::int::text, 8, '0') end,
              case when not guest then 'cus_BENCH' || lpad(floor(r_phone * 5000)::int::text, 16, '0') end,
              null, null,
              jsonb_build_object('address', 'House 1, Road 2', 'city', 'Dhaka', 'pincode', '1209',
                                 'number', '01700000000', 'notes', ''),
              'dhaka', 60, 500 + floor(r_total * 15000)::int,
              status <> 'cancelled', at, at,
              case when r_deleted < 0.01 then at + interval '1 day' end
         from (
           select g,
                  now() - random() * interval '1095 days' as at,
                  random() < 0.7 as guest,
                  random() as r_email, random() as r_phone, random() as r_total, random() as r_deleted,
                  (array['delivered', 'delivered', 'delivered', 'delivered', 'delivered',
                         'completed', 'completed', 'pending', 'shipped', 'cancelled'])[1 + floor(random() * 10)::int] as status
             from generate_series(1, $1::int) g
         ) rows
        order by at`,
      [count]
    )
    await client.query(
      `insert into order_order_shoporder_shop_order (id, order_id, shop_order_id, created_at, updated_at)
       select 'ordsord_' || substr(o.id, 6), 'order_' || substr(o.id, 6), o.id, o.created_at, o.created_at
         from shop_order o where o.id like 'sord_BENCH%'`
    )
    await client.query("commit")
    await client.query("analyze shop_order")
    await client.query("analyze order_order_shoporder_shop_order")
    const { rows } = await client.query(
      `select count(*)::int as n, min(created_at) as first, max(created_at) as last from shop_order where deleted_at is null`
    )
    say(
      `inserted ${count} orders in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(${rows[0].n} not deleted, ${new Date(rows[0].first).toISOString().slice(0, 10)} .. ${new Date(rows[0].last).toISOString().slice(0, 10)})`
    )
  } catch (error) {
    await client.query("rollback").catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

async function liveOrderCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query("select count(*)::int as n from shop_order where deleted_at is null")).rows[0].n
  } finally {
    await client.end()
  }
}

/** Checks the dashboard's answer against the database, warms every period up, then measures each. */
export async function measureDashboard(stack: BenchStack): Promise<{ liveOrders: number; results: DashboardFigure[] }> {
  const cookie = await login(stack.url)
  const url = (period: string) => `${stack.url}/api/admin/dashboard?period=${period}`

  // the answer is right before it is fast
  const check = await fetch(url("all"), { headers: { cookie } })
  const body = (await check.json()) as { success: boolean; data: { totalOrders: number } }
  const expected = await liveOrderCount(stack.databaseUrl)
  if (check.status !== 200 || !body.success || body.data.totalOrders !== expected) {
    throw new Error(`GET dashboard: ${check.status}, totalOrders ${body.data?.totalOrders}, expected ${expected}`)
  }
  say(`GET /api/admin/dashboard?period=all: 200, totalOrders ${expected}`)

  say("warming up...")
  for (const period of PERIODS) {
    await runLoad({ url: url(period), connections: 2, amount: 20, headers: { cookie } })
  }

  const results: DashboardFigure[] = []
  for (const period of PERIODS) {
    say(`period=${period}: ${DASHBOARD_CONNECTIONS} connections for ${DASHBOARD_DURATION} s...`)
    const r = await runLoad({
      url: url(period),
      connections: DASHBOARD_CONNECTIONS,
      duration: DASHBOARD_DURATION,
      headers: { cookie },
      verifyBody: isSuccess,
    })
    results.push({ period, ...r, ok: allOk(r), goalMet: allOk(r) && r.p95 <= GOALS.dashboardP95Ms })
  }
  return { liveOrders: expected, results }
}
