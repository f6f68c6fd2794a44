/**
 * Load test of the admin dashboard, GET /api/admin/dashboard?period=...:
 * a fresh, seeded database (shop_bench) with 100,000 shop orders written in
 * bulk over about three years, the backend in production mode, then autocannon
 * per period with an admin session. Every answer must be a 200 with
 * success: true; the goal is p95 <= 200 ms.
 *
 *   tsx scripts/bench/dashboard.ts
 * BENCH_ORDERS (100000), BENCH_CONNECTIONS (10), BENCH_DURATION (seconds, 10),
 * BENCH_VERBOSE=1 shows the backend's output. The database server: DB_HOST's,
 * else DATABASE_URL's, else an embedded one (scripts/bench/lib.ts).
 * Figures go to bench-results/dashboard.json.
 */
import pg from "pg"
import { allOk, login, printTable, runLoad, startBenchStack, writeResults, type LoadResult } from "./lib"

const PERIODS = ["today", "month", "year", "all"] as const
const GOAL_P95_MS = 200
const ORDERS = Number(process.env.BENCH_ORDERS || 100_000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10)
const DURATION = Number(process.env.BENCH_DURATION || 10)

const say = (line: string) => console.log(`[bench] ${line}`)

/**
 * The orders, in one INSERT ... SELECT over generate_series (and one for their
 * links to Medusa orders): spread evenly over the last 3 years, about half
 * delivered, 70% guests; guest emails and phones drawn from smaller pools so
 * customers repeat, one guest in ten without an email (as landing pages
 * allow), 1% soft-deleted; written oldest first, as a shop appends them.
 * setseed makes every run write the same rows.
 */
async function insertOrders(databaseUrl: string, count: number): Promise<void> {
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

const isSuccess = (body: string) => {
  try {
    return JSON.parse(body).success === true
  } catch {
    return false
  }
}

async function main(): Promise<number> {
  const stack = await startBenchStack({
    database: "shop_bench",
    log: say,
    prepare: (databaseUrl) => insertOrders(databaseUrl, ORDERS),
  })
  try {
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

    const results: (LoadResult & { period: string; ok: boolean; goalMet: boolean })[] = []
    for (const period of PERIODS) {
      say(`period=${period}: ${CONNECTIONS} connections for ${DURATION} s...`)
      const r = await runLoad({
        url: url(period),
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { cookie },
        verifyBody: isSuccess,
      })
      results.push({ period, ...r, ok: allOk(r), goalMet: allOk(r) && r.p95 <= GOAL_P95_MS })
    }

    console.log("")
    printTable(
      results.map((r) => ({
        period: r.period,
        "req/s": r.rps,
        requests: r.requests,
        "p50 ms": r.p50,
        "p95 ms": r.p95,
        "p99 ms": r.p99,
        errors: r.errors + r.non2xx + r.mismatches,
        [`p95 <= ${GOAL_P95_MS} ms`]: r.goalMet ? "met" : "MISSED",
      }))
    )
    const file = writeResults("dashboard", {
      benchmark: "GET /api/admin/dashboard?period=...",
      date: new Date().toISOString(),
      orders: ORDERS,
      liveOrders: expected,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      goal: { p95Ms: GOAL_P95_MS },
      results,
    })
    console.log(`\nwritten to ${file}`)
    const failed = results.filter((r) => !r.ok)
    if (failed.length) {
      console.error(`not every answer was a 200 with success: true (${failed.map((r) => r.period).join(", ")})`)
      return 1
    }
    return 0
  } finally {
    await stack.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
