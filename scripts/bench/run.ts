/**
 * `npm run bench`: the shop's public hot paths against bare-Node baselines,
 * all in one run on one machine over loopback.
 *
 *   B0  a bare Node http server answering a fixed JSON body
 *   B1  a bare Node + pg server doing the minimum of an order (one transaction:
 *       conditional stock decrement + order insert) on its own tables in the
 *       same PostgreSQL (scripts/bench/baselines.ts)
 *
 * Figures: the product listing and a landing page read (50 connections, ratio
 * to B0), the same reads and the landing page's HTML through the storefront
 * server in front of the backend (50 connections, ratio to B0), Lighthouse's
 * mobile performance figures for the landing, a product and the home page
 * through the storefront (scripts/bench/lighthouse.ts) after a 12-megapixel
 * phone photo became the landing page's and its product's picture (its upload
 * time and the backend's peak memory meanwhile: scenarios/photos.ts), how long the shop's
 * admin screens take to show their data in Chromium (scenarios/admin-screens.ts), landing COD order
 * placement (20 connections for 20 s with ample stock, orders/s as ratio to B1,
 * each order its own phone, Idempotency-Key and client address) on an order
 * history of 1,000 orders, a flash sale (stock 50, 1,000 attempts
 * within 10 s: exactly 50 x 201, 950 x 409, no 5xx, stock 0 after), the same
 * order placement again on an order history topped up in bulk to BENCH_ORDERS
 * with the order path's query plans (scripts/bench/million.ts), and the
 * backend's resident memory after start and after each phase. Goals are
 * printed as met / not met; they are targets, not assertions.
 *
 * This file only orders the phases: each is a scenario (scenarios/), the
 * targets are in goals.ts, the tables and bench-results/ files in report.ts.
 *
 *   tsx scripts/bench/run.ts                    everything (npm run bench)
 *   tsx scripts/bench/run.ts --flash --repeat N  only the flash sale, N times on
 *                                               one stack (npm run bench:flash)
 *   ... --flash --servers 2                     the flash sale spread over two
 *                                               backend processes sharing
 *                                               PostgreSQL and REDIS_URL's Redis
 *
 * BENCH_DURATION (s, 10) for the read phases and baselines, BENCH_ORDER_DURATION
 * (s, 20), BENCH_ORDERS (1000000, the order history of the second order figure), BENCH_FLASH_CONNECTIONS (50), BENCH_LIGHTHOUSE_RUNS (3 loads of each
 * page, the median by score reported), BENCH_LIGHTHOUSE=0 skips Lighthouse, BENCH_ADMIN=0 the admin screens
 * (all read in scenarios/settings.ts), BENCH_VERBOSE=1 shows the backend's and
 * the storefront's output. The database: DB_HOST's, else DATABASE_URL's, else
 * an embedded one. Figures go to bench-results/bench.json (or bench-results/flash.json).
 */
import { login, startBenchStack, exitWith } from "./lib"
import { BASE_ORDERS, seedOrders } from "./million"
import { reportBench, reportFlash } from "./report"
import { measureAdminScreensPhase } from "./scenarios/admin-screens"
import { measureBaselines } from "./scenarios/baselines"
import {
  memorySampler,
  recordFigures,
  say,
  type BenchContext,
  type Figure,
  type MemorySample,
} from "./scenarios/context"
import { flashSalePhase, repeatedFlashSales } from "./scenarios/flash"
import { measureLighthousePages } from "./scenarios/lighthouse"
import { measureOrderPlacement, measureOrdersAtScale } from "./scenarios/orders"
import { measurePhotoPhase } from "./scenarios/photos"
import { measureApiReads, measureStorefrontReads } from "./scenarios/reads"
import { checkSettings, SLUG } from "./scenarios/settings"
import { landingProduct } from "./scenarios/shop"

function parseArgs(argv: string[]): { flashOnly: boolean; repeat: number; servers: number } {
  let flashOnly = false
  let repeat = 1
  let servers = 1
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2)
    const value = () => Number(inline ?? argv[++i])
    if (flag === "--flash") flashOnly = true
    else if (flag === "--repeat") repeat = value()
    else if (flag === "--servers") servers = value()
    else throw new Error(`unknown argument ${argv[i]} (use --flash, --repeat N, --servers N)`)
  }
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error("--repeat takes a whole number >= 1")
  if (!Number.isInteger(servers) || servers < 1) throw new Error("--servers takes a whole number >= 1")
  if (servers > 1 && !flashOnly)
    throw new Error("--servers applies to the flash sale: npm run bench:flash -- --servers 2")
  return { flashOnly, repeat, servers }
}

/** How soon the storefront's shared cache shows an admin's change (edge-pages.spec.ts holds it to 2 s). */
const EDGE_FRESHNESS_MS = 2_000

async function main(): Promise<number> {
  const { flashOnly, repeat, servers } = parseArgs(process.argv.slice(2))
  checkSettings(flashOnly)
  const started = Date.now()
  const stack = await startBenchStack({
    database: "shop_bench_run",
    log: say,
    servers,
    storefront: !flashOnly,
    // the first landing COD order figure runs on an order history of BASE_ORDERS
    prepare: flashOnly
      ? undefined
      : async (databaseUrl) => {
          await seedOrders(databaseUrl, BASE_ORDERS, { log: say, landingSlug: SLUG })
        },
  })
  const memory: MemorySample[] = []
  const sample = memorySampler(stack, servers, memory)
  try {
    sample("start")
    const cookie = await login(stack.url)
    const productId = await landingProduct(stack.url)
    const figures: Figure[] = []
    const ctx: BenchContext = { stack, cookie, productId, measure: recordFigures(figures), sample }

    if (flashOnly) {
      const runs = await repeatedFlashSales(ctx, repeat, servers)
      reportFlash({ runs, repeat, servers, memory })
      return 0
    }

    // the order of the phases matters: the baselines first, each stopped before the shop is measured;
    // Lighthouse and the admin screens on a quiet machine; the flash sale on the small order history
    const { B0, B1 } = await measureBaselines(ctx)
    const apiReads = await measureApiReads(ctx, B0)
    const storefrontReads = await measureStorefrontReads(ctx, B0)
    // a phone photo becomes the landing page's and its product's picture: Lighthouse measures the pages with it
    const photo = await measurePhotoPhase(ctx)
    await new Promise((resolve) => setTimeout(resolve, EDGE_FRESHNESS_MS))
    const lighthouse = await measureLighthousePages(ctx)
    const adminScreens = await measureAdminScreensPhase(ctx)
    const orders = await measureOrderPlacement(ctx, B1)
    const flash = await flashSalePhase(ctx)
    const atScale = await measureOrdersAtScale(ctx, orders.again)
    reportBench({
      started,
      figures,
      ...apiReads,
      ...storefrontReads,
      photo,
      lighthouse,
      adminScreens,
      orders: orders.figure,
      flash,
      atScale,
      memory,
    })
    return 0
  } finally {
    await stack.stop()
  }
}

exitWith(main())
