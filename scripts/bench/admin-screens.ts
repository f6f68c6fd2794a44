/**
 * How long the merchant waits for the shop's admin screens, in Chromium
 * (CHROME_PATH, else /usr/bin/chromium) through the storefront server, as a
 * merchant opens them: from the navigation until the screen's data is drawn.
 *
 *   first sign-in   the storefront's login form after a fresh start, from the
 *                   click on Sign In to the dashboard's figures
 *   each screen     Dashboard, Orders, Products, Landing pages opened by address
 *                   (a full page load) once the admin has loaded once (its code
 *                   in the browser's cache), BENCH_ADMIN_RUNS times, the median
 *   hand-over       the storefront's /admin/orders, which hands over to the
 *                   Orders screen, the same way
 *
 * The goal: every screen and the hand-over within 1 s (median).
 *
 *   tsx scripts/bench/admin-screens.ts     its own stack (npm run bench:admin);
 *                                          `npm run bench` measures it too
 * BENCH_ADMIN_RUNS (5). Figures go to bench-results/admin-screens.json.
 */
import { fileURLToPath } from "node:url"
import { chromium, type Page } from "@playwright/test"
import { BENCH_ADMIN, percentile, printTable, startBenchStack, writeResults } from "./lib"

export const ADMIN_SCREENS_GOAL_MS = 1000
const RUNS = Number(process.env.BENCH_ADMIN_RUNS || 5)
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium"

/** Each shop screen and what shows once its data is there. */
const SCREENS = [
  { name: "dashboard", path: "/app/shop-dashboard", data: '[data-testid="recent-orders"]' },
  { name: "orders", path: "/app/shop-orders", data: '[data-testid="order-number"], [data-testid="orders-total"]' },
  { name: "products", path: "/app/shop-products", data: '[data-testid="admin-product-card"]' },
  { name: "landing pages", path: "/app/landing-pages", data: '[data-testid="landing-page-row"]' },
] as const

export type AdminScreenFigure = { screen: string; path: string; loadsMs: number[]; medianMs: number; worstMs: number }
export type AdminScreensFigures = {
  runs: number
  firstSignInMs: number
  screens: AdminScreenFigure[]
  /** the storefront's /admin/orders hand-over to the Orders screen */
  handoff: AdminScreenFigure
  goalMs: number
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50)

async function timed(page: Page, path: string, data: string): Promise<number> {
  const started = performance.now()
  await page.goto(path, { waitUntil: "commit" })
  await page.locator(data).first().waitFor({ state: "visible", timeout: 30_000 })
  return Math.round(performance.now() - started)
}

async function figure(page: Page, screen: string, path: string, data: string, runs: number): Promise<AdminScreenFigure> {
  const loadsMs: number[] = []
  for (let i = 0; i < runs; i++) loadsMs.push(await timed(page, path, data))
  return { screen, path, loadsMs, medianMs: median(loadsMs), worstMs: Math.max(...loadsMs) }
}

/**
 * Measures against a running storefront (`baseUrl`) whose backend has just
 * started (the first sign-in is the first after the start).
 */
export async function measureAdminScreens(baseUrl: string, log: (line: string) => void, runs = RUNS): Promise<AdminScreensFigures> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu"] })
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 768 } })
    const page = await context.newPage()
    await page.goto("/auth/login")
    await page.getByLabel("Email").fill(BENCH_ADMIN.email)
    await page.getByLabel("Password").fill(BENCH_ADMIN.password)
    const started = performance.now()
    await page.getByRole("button", { name: "Sign In" }).click()
    await page.locator(SCREENS[0].data).first().waitFor({ state: "visible", timeout: 60_000 })
    const firstSignInMs = Math.round(performance.now() - started)
    log(`admin screens: first sign-in ${firstSignInMs} ms`)
    // the first load of every screen (code and fonts into the browser's cache), not counted
    for (const s of SCREENS) await timed(page, s.path, s.data)
    const screens: AdminScreenFigure[] = []
    for (const s of SCREENS) {
      const f = await figure(page, s.name, s.path, s.data, runs)
      screens.push(f)
      log(`admin screens: ${s.name} median ${f.medianMs} ms (${f.loadsMs.join(", ")})`)
    }
    const handoff = await figure(page, "/admin/orders hand-over", "/admin/orders", SCREENS[1].data, runs)
    log(`admin screens: /admin/orders hand-over median ${handoff.medianMs} ms (${handoff.loadsMs.join(", ")})`)
    await context.close()
    return { runs, firstSignInMs, screens, handoff, goalMs: ADMIN_SCREENS_GOAL_MS }
  } finally {
    await browser.close()
  }
}

export function printAdminScreens(f: AdminScreensFigures): void {
  printTable(
    [...f.screens, f.handoff].map((s) => ({
      "admin screen": s.screen,
      "median ms": s.medianMs,
      "worst ms": s.worstMs,
      [`goal <= ${f.goalMs} ms`]: s.medianMs <= f.goalMs ? "met" : "NOT MET",
    }))
  )
  console.log(`first sign-in after the start: ${f.firstSignInMs} ms; ${f.runs} loads of each screen after its first`)
}

async function main(): Promise<number> {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("BENCH_ADMIN_RUNS takes a whole number >= 1")
  const say = (line: string) => console.log(`[bench] ${line}`)
  const stack = await startBenchStack({ database: "shop_bench_admin", log: say, storefront: true })
  try {
    const figures = await measureAdminScreens(stack.storefrontUrl!, say)
    printAdminScreens(figures)
    say(`figures: ${writeResults("admin-screens", figures)}`)
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
