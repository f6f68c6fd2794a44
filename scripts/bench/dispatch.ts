/**
 * `npm run bench:dispatch`: the dispatch desk's print. A fresh, seeded
 * database (shop_bench_dispatch), the backend in production mode, 100 orders
 * taken through the admin's Add order, then their invoices and labels printed
 * as one PDF (scenarios/dispatch.ts), against the renderer alone as the bare
 * baseline. Goals in goals.ts.
 *
 *   tsx scripts/bench/dispatch.ts
 * BENCH_PRINT_ORDERS (100), BENCH_PRINT_RUNS (3), BENCH_VERBOSE=1 shows the backend's output.
 * Figures go to bench-results/dispatch.json.
 */
import { startBenchStack, exitWith } from "./lib"
import { reportPrint } from "./report"
import { say } from "./scenarios/context"
import { measurePrint } from "./scenarios/dispatch"

async function main(): Promise<number> {
  const stack = await startBenchStack({ database: "shop_bench_dispatch", log: say })
  try {
    reportPrint(await measurePrint(stack))
    return 0
  } finally {
    await stack.stop()
  }
}

exitWith(main())
