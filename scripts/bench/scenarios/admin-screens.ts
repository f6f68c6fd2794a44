/**
 * How long the merchant waits for the shop's admin screens, in Chromium
 * (CHROME_PATH, else /usr/bin/chromium) through the storefront server, as a
 * merchant opens them: from the navigation until the screen's data is drawn.
 *
 *   first sign-in   the storefront's login form after a fresh start, from the
 *                   click on Sign In to the dashboard's figures
 *   each screen     Dashboard, Orders, Products, Landing pages opened by address
 *                   (a full page load) once the admin has loaded once (its code
 *                   in the browser's cache), BENCH_ADMIN_RUNS (5) times, the median
 *   hand-over       the storefront's /admin/orders, which hands over to the
 *                   Orders screen, the same way
 *
 * Measured by `npm run bench` (after Lighthouse, on a quiet machine) and by
 * `npm run bench:admin` on a stack of its own (../admin-screens.ts).
 */
import { chromium, type Page } from "@playwright/test"
import { GOALS } from "../goals"
import { BENCH_ADMIN, percentile } from "../lib"
import { trustFrontFlags } from "../tls-front"
import { say, type BenchContext } from "./context"
import { ADMIN_SCREENS } from "./settings"

export const ADMIN_RUNS = Number(process.env.BENCH_ADMIN_RUNS || 5)
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

/** bench.json's `adminScreens`: the figures, the error that stopped them, or "skipped" (BENCH_ADMIN=0). */
export type AdminScreensPhase = AdminScreensFigures | { error: string } | "skipped"

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50
  )

async function timed(page: Page, path: string, data: string): Promise<number> {
  const started = performance.now()
  await page.goto(path, { waitUntil: "commit" })
  await page.locator(data).first().waitFor({ state: "visible", timeout: 30_000 })
  return Math.round(performance.now() - started)
}

async function figure(
  page: Page,
  screen: string,
  path: string,
  data: string,
  runs: number
): Promise<AdminScreenFigure> {
  const loadsMs: number[] = []
  for (let i = 0; i < runs; i++) loadsMs.push(await timed(page, path, data))
  return { screen, path, loadsMs, medianMs: median(loadsMs), worstMs: Math.max(...loadsMs) }
}

/**
 * Measures against a running storefront (`baseUrl`) whose backend has just
 * started (the first sign-in is the first after the start).
 */
export async function measureAdminScreens(
  baseUrl: string,
  log: (line: string) => void,
  runs = ADMIN_RUNS,
  /** The TLS front's certificate key hash: the pictures' URLs are on the shop's HTTPS address (PUBLIC_URL). */
  trustSpki?: string
): Promise<AdminScreensFigures> {
  const args = ["--no-sandbox", "--disable-gpu", ...trustFrontFlags(trustSpki)]
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args })
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
    return { runs, firstSignInMs, screens, handoff, goalMs: GOALS.adminScreenMs }
  } finally {
    await browser.close()
  }
}

/** The admin screens as a phase of `npm run bench`: a failure is kept as the phase's figure, not the run's end. */
export async function measureAdminScreensPhase({ stack, sample }: BenchContext): Promise<AdminScreensPhase> {
  if (!ADMIN_SCREENS) {
    say("admin screens: skipped (BENCH_ADMIN=0)")
    return "skipped"
  }
  let adminScreens: AdminScreensPhase
  try {
    adminScreens = await measureAdminScreens(stack.storefrontUrl!, say, undefined, stack.edgeSpki)
  } catch (error) {
    adminScreens = { error: error instanceof Error ? error.message : String(error) }
    say(`admin screens: FAILED: ${adminScreens.error}`)
  }
  sample("admin screens")
  return adminScreens
}
