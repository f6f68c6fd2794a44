/**
 * `npm run bench:dashboard`: load test of the admin dashboard,
 * GET /api/admin/dashboard?period=...: a fresh, seeded database (shop_bench)
 * with 100,000 shop orders written in bulk over about three years, the backend
 * in production mode, then autocannon per period with an admin session
 * (scenarios/dashboard.ts). Every answer must be a 200 with success: true
 * (else the exit code is 1); the goal (goals.ts) is p95 <= 200 ms.
 *
 *   tsx scripts/bench/dashboard.ts
 * BENCH_ORDERS (100000), BENCH_CONNECTIONS (10), BENCH_DURATION (seconds, 10),
 * BENCH_VERBOSE=1 shows the backend's output. The database server: DB_HOST's,
 * else DATABASE_URL's, else an embedded one (scripts/bench/lib.ts).
 * Figures go to bench-results/dashboard.json.
 */
import { startBenchStack, exitWith } from "./lib"
import { reportDashboard } from "./report"
import { say } from "./scenarios/context"
import {
  DASHBOARD_CONNECTIONS,
  DASHBOARD_DURATION,
  DASHBOARD_ORDERS,
  insertOrders,
  measureDashboard,
} from "./scenarios/dashboard"

async function main(): Promise<number> {
  const stack = await startBenchStack({
    database: "shop_bench",
    log: say,
    prepare: (databaseUrl) => insertOrders(databaseUrl, DASHBOARD_ORDERS),
  })
  try {
    const { liveOrders, results } = await measureDashboard(stack)
    reportDashboard({
      orders: DASHBOARD_ORDERS,
      liveOrders,
      connections: DASHBOARD_CONNECTIONS,
      durationSeconds: DASHBOARD_DURATION,
      results,
    })
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

exitWith(main())
