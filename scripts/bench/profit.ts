/**
 * `npm run bench:profit`: the Profit screen at 1,000,000 orders. A fresh,
 * seeded database (shop_bench_profit) with BENCH_ORDERS orders' profit rows
 * written in bulk, the backend in production mode, then autocannon on
 * GET /api/admin/profit for a month, 30 days and a year, and a month's CSV
 * streamed (scenarios/profit.ts). Every answer must be a 200 with success:
 * true and the period's order count (else the exit code is 1); the goals are
 * in goals.ts.
 *
 *   tsx scripts/bench/profit.ts
 * BENCH_ORDERS (1000000), BENCH_CONNECTIONS (2: a month's and 30 days'; a year: 1), BENCH_DURATION (seconds, 10),
 * BENCH_VERBOSE=1 shows the backend's output. Figures go to bench-results/profit.json.
 */
import { startBenchStack, exitWith } from "./lib"
import { reportProfit } from "./report"
import { say } from "./scenarios/context"
import {
  insertProfitHistory,
  measureProfit,
  PROFIT_CONNECTIONS,
  PROFIT_DURATION,
  PROFIT_ORDERS,
} from "./scenarios/profit"

async function main(): Promise<number> {
  const stack = await startBenchStack({
    database: "shop_bench_profit",
    log: say,
    prepare: (databaseUrl) => insertProfitHistory(databaseUrl, PROFIT_ORDERS),
  })
  try {
    const { results, exported } = await measureProfit(stack)
    reportProfit({
      orders: PROFIT_ORDERS,
      connections: PROFIT_CONNECTIONS,
      durationSeconds: PROFIT_DURATION,
      results,
      exported,
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
