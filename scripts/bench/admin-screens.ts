/**
 * `npm run bench:admin`: how long the merchant waits for the shop's admin
 * screens in Chromium through the storefront server (what is measured and how:
 * scenarios/admin-screens.ts), on a stack of its own; `npm run bench` measures
 * the same as one of its phases.
 *
 *   tsx scripts/bench/admin-screens.ts
 * BENCH_ADMIN_RUNS (5), CHROME_PATH. The goal (goals.ts): every screen and the
 * hand-over within 1 s (median). Figures go to bench-results/admin-screens.json.
 */
import { fileURLToPath } from "node:url"
import { startBenchStack } from "./lib"
import { reportAdminScreens } from "./report"
import { ADMIN_RUNS, measureAdminScreens } from "./scenarios/admin-screens"
import { say } from "./scenarios/context"

async function main(): Promise<number> {
  if (!Number.isInteger(ADMIN_RUNS) || ADMIN_RUNS < 1) throw new Error("BENCH_ADMIN_RUNS takes a whole number >= 1")
  const stack = await startBenchStack({ database: "shop_bench_admin", log: say, storefront: true })
  try {
    reportAdminScreens(await measureAdminScreens(stack.storefrontUrl!, say, undefined, stack.edgeSpki))
    // a goal is a target, not an assertion (as every bench figure)
    return 0
  } finally {
    await stack.stop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    }
  )
}
