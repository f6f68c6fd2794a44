/**
 * What the benches print and write: the figures' tables, each goal of
 * ./goals.ts judged met or not met against the figures, and the same as JSON
 * in bench-results/ (bench.json, flash.json, admin-screens.json,
 * dashboard.json). Other tools and people read those files: a key renamed
 * here is a key gone there.
 */
import { GOALS } from "./goals"
import { percentile, printTable, writeResults } from "./lib"
import type { LighthouseFigures } from "./lighthouse"
import { BASE_ORDERS, type ScaleResult } from "./million"
import type { AdminScreensFigures, AdminScreensPhase } from "./scenarios/admin-screens"
import { round1, round3, say, type Figure, type MemorySample } from "./scenarios/context"
import type { DashboardFigure } from "./scenarios/dashboard"
import type { PrintFigure } from "./scenarios/dispatch"
import type { FlashResult } from "./scenarios/flash"
import { kb, type LighthousePage } from "./scenarios/lighthouse"
import type { PhotoFigures } from "./scenarios/photos"
import type { ExportFigure, ProfitFigure } from "./scenarios/profit"
import {
  FLASH_CONNECTIONS,
  LIGHTHOUSE,
  LIGHTHOUSE_RUNS,
  ORDER_CONNECTIONS,
  ORDERS_AT_SCALE,
} from "./scenarios/settings"

/** A goal judged: `skipped` when its phase did not run (neither met nor missed). */
type Judged = { goal: string; actual: string; met: boolean; skipped?: boolean }

const met = (ok: boolean) => (ok ? "met" : "NOT MET")
const result = (g: { met: boolean; skipped?: boolean }) => (g.skipped ? "skipped" : met(g.met))

/** Every answer a 2xx that passed the body check, no error: a fast figure made of failures meets nothing. */
const allAnswered = (f: Figure) => f.errors === 0 && f.non2xx === 0 && f.mismatches === 0 && f.requests > 0

// ---------------------------------------------------------------- npm run bench

/** Everything one `npm run bench` measured, as its phases answered it. */
export type BenchResults = {
  /** Date.now() when the run started */
  started: number
  /** every load figure, in the order measured */
  figures: Figure[]
  listing: Figure
  landingRead: Figure
  edgeLandingHtml: Figure
  edgeListing: Figure
  /** the phone photo's uploads (the pictures Lighthouse then measures) */
  photo: PhotoFigures
  lighthouse: LighthousePage[]
  adminScreens: AdminScreensPhase
  /** the landing COD order at BASE_ORDERS */
  orders: Figure
  flash: FlashResult
  atScale: ScaleResult<Figure>
  memory: MemorySample[]
}

/** Every admin screen and the storefront's hand-over show their data within the goal (median). */
function adminGoal(f: AdminScreensPhase): Judged {
  const goal = `admin screens' data within ${GOALS.adminScreenMs} ms (median, after the first load)`
  if (f === "skipped") return { goal, actual: "skipped (BENCH_ADMIN=0)", met: false, skipped: true }
  if ("error" in f) return { goal, actual: `failed: ${f.error.slice(0, 40)}`, met: false }
  const all = [...f.screens, f.handoff]
  const slowest = all.reduce((a, b) => (b.medianMs > a.medianMs ? b : a))
  return {
    goal,
    actual: `slowest ${slowest.screen} ${slowest.medianMs} ms`,
    met: all.every((s) => s.medianMs <= GOALS.adminScreenMs),
  }
}

function lighthouseGoal(
  lighthouse: LighthousePage[],
  page: string,
  goal: string,
  value: (l: Partial<LighthouseFigures>) => number | null | undefined,
  ok: (v: number) => boolean,
  unit = ""
): Judged {
  if (!LIGHTHOUSE) return { goal, actual: "skipped (BENCH_LIGHTHOUSE=0)", met: false, skipped: true }
  const l = lighthouse.find((p) => p.page === page)
  const v = l ? value(l) : undefined
  if (typeof v !== "number")
    return { goal, actual: l?.error ? `failed: ${l.error.split(":")[0].slice(0, 40)}` : "no figure", met: false }
  return { goal, actual: `${v}${unit}`, met: ok(v) }
}

/** A landing page's three Lighthouse goals: its score, its LCP and its CLS. */
function landingGoals(lighthouse: LighthousePage[], page: string, name: string): Judged[] {
  return [
    lighthouseGoal(
      lighthouse,
      page,
      `Lighthouse ${name} performance >= ${GOALS.lighthouseLandingScore}`,
      (l) => l.score,
      (v) => v >= GOALS.lighthouseLandingScore
    ),
    lighthouseGoal(
      lighthouse,
      page,
      `Lighthouse ${name} LCP <= ${GOALS.lighthouseLandingLcpMs} ms`,
      (l) => l.lcpMs,
      (v) => v <= GOALS.lighthouseLandingLcpMs,
      " ms"
    ),
    lighthouseGoal(
      lighthouse,
      page,
      `Lighthouse ${name} CLS <= ${GOALS.lighthouseLandingCls}`,
      (l) => l.cls,
      (v) => v <= GOALS.lighthouseLandingCls
    ),
  ]
}

function benchGoals(r: BenchResults): Judged[] {
  const { listing, landingRead, orders, atScale, flash, edgeLandingHtml, edgeListing, lighthouse } = r
  const maxRss = Math.max(...r.memory.map((m) => m.rssMB))
  return [
    {
      goal: `listing >= ${GOALS.listingRatio} x B0`,
      actual: `${listing.ratio} x B0`,
      met: (listing.ratio ?? 0) >= GOALS.listingRatio,
    },
    {
      goal: `listing p97.5 <= ${GOALS.listingP97_5Ms} ms`,
      actual: `${listing.p97_5} ms`,
      met: listing.p97_5 <= GOALS.listingP97_5Ms,
    },
    {
      goal: `landing read >= ${GOALS.landingRatio} x B0`,
      actual: `${landingRead.ratio} x B0`,
      met: (landingRead.ratio ?? 0) >= GOALS.landingRatio,
    },
    {
      goal: `order placement >= ${GOALS.orderRatio} x B1`,
      actual: `${orders.ratio} x B1`,
      met: (orders.ratio ?? 0) >= GOALS.orderRatio,
    },
    {
      goal: `landing COD order p95 <= ${GOALS.orderP95Ms} ms at ${ORDER_CONNECTIONS} connections (${BASE_ORDERS.toLocaleString("en")} orders)`,
      actual: `${orders.p95} ms`,
      met: orders.p95 <= GOALS.orderP95Ms,
    },
    {
      goal: `landing order p95 at ${ORDERS_AT_SCALE.toLocaleString("en")} orders <= ${GOALS.orderP95AtScaleRatio} x p95 at ${BASE_ORDERS.toLocaleString("en")}`,
      actual: `${atScale.figure.p95} ms vs ${orders.p95} ms (${orders.p95 > 0 ? round3(atScale.figure.p95 / orders.p95) : "-"} x)`,
      met:
        atScale.figure.p95 <= GOALS.orderP95AtScaleRatio * orders.p95 &&
        allAnswered(orders) &&
        allAnswered(atScale.figure),
    },
    {
      goal: "no sequential scan on the order path's queries",
      actual: atScale.plans.some((p) => p.seqScan)
        ? `seq scan in ${atScale.plans
            .filter((p) => p.seqScan)
            .map((p) => p.name)
            .join(", ")}`
        : "none",
      met: !atScale.plans.some((p) => p.seqScan),
    },
    { goal: "flash sale exactly right", actual: flash.right ? "right" : "wrong", met: flash.right },
    { goal: "flash: 1,000 attempts answered within 10 s", actual: `${flash.seconds} s`, met: flash.withinWindow },
    {
      goal: `flash refusals' p95 <= ${GOALS.flashRefusalP95Ms} ms`,
      actual: `${flash.refused.p95} ms`,
      met: flash.refused.p95 <= GOALS.flashRefusalP95Ms,
    },
    { goal: `backend memory < ${GOALS.memoryMB} MB`, actual: `${maxRss} MB (max)`, met: maxRss < GOALS.memoryMB },
    {
      goal: `storefront landing HTML >= ${GOALS.edgeLandingHtmlRatio} x B0`,
      actual: `${edgeLandingHtml.ratio} x B0`,
      met: (edgeLandingHtml.ratio ?? 0) >= GOALS.edgeLandingHtmlRatio && allAnswered(edgeLandingHtml),
    },
    {
      goal: `storefront landing HTML p97.5 <= ${GOALS.edgeLandingHtmlP97_5Ms} ms`,
      actual: `${edgeLandingHtml.p97_5} ms`,
      met: edgeLandingHtml.p97_5 <= GOALS.edgeLandingHtmlP97_5Ms && allAnswered(edgeLandingHtml),
    },
    {
      goal: `storefront listing >= ${GOALS.edgeListingRatio} x B0`,
      actual: `${edgeListing.ratio} x B0`,
      met: (edgeListing.ratio ?? 0) >= GOALS.edgeListingRatio && allAnswered(edgeListing),
    },
    ...r.photo.uploads.map((u) => ({
      goal: `phone photo through ${u.door} within ${GOALS.photoUploadMs} ms, backend under ${GOALS.memoryMB} MB`,
      actual: `${u.ms} ms, peak ${u.peakRssMB} MB`,
      met: u.ms <= GOALS.photoUploadMs && u.peakRssMB <= GOALS.memoryMB,
    })),
    ...landingGoals(lighthouse, "landing", "landing"),
    ...landingGoals(lighthouse, "landing, Inter", "landing in Inter"),
    lighthouseGoal(
      lighthouse,
      "product",
      `Lighthouse product performance >= ${GOALS.lighthouseProductScore}`,
      (l) => l.score,
      (v) => v >= GOALS.lighthouseProductScore
    ),
    lighthouseGoal(
      lighthouse,
      "home",
      `Lighthouse home performance >= ${GOALS.lighthouseHomeScore}`,
      (l) => l.score,
      (v) => v >= GOALS.lighthouseHomeScore
    ),
    adminGoal(r.adminScreens),
  ]
}

/** The tables of `npm run bench`, its goals, and bench-results/bench.json. */
export function reportBench(r: BenchResults): void {
  const { figures, flash, lighthouse, adminScreens, memory, atScale } = r
  console.log("")
  printTable([
    ...figures.map((f) => ({
      figure: f.name,
      conns: f.connections,
      "req/s": f.rps,
      "orders/s": f.statusCodes["201"] ? (f.ordersPerSecond ?? 0) : "-",
      "p50 ms": f.p50,
      "p95 ms": f.p95,
      "p97.5 ms": f.p97_5,
      "p99 ms": f.p99,
      errors: f.errors,
      non2xx: f.non2xx + f.mismatches,
      codes: Object.entries(f.statusCodes)
        .map(([k, v]) => `${k}x${v}`)
        .join(" "),
      ratio: f.ratio !== undefined ? `${f.ratio} x ${f.baseline}` : "-",
    })),
    {
      figure: "flash sale (refusals)",
      conns: FLASH_CONNECTIONS,
      "req/s": flash.attemptsPerSecond,
      "orders/s": "-",
      "p50 ms": flash.refused.p50,
      "p95 ms": flash.refused.p95,
      "p97.5 ms": "-",
      "p99 ms": flash.refused.p99,
      errors: flash.errors,
      non2xx: Object.entries(flash.statusCodes)
        .filter(([k]) => !k.startsWith("2"))
        .reduce((n, [, v]) => n + v, 0),
      codes: Object.entries(flash.statusCodes)
        .map(([k, v]) => `${k}x${v}`)
        .join(" "),
      ratio: "-",
    },
  ])
  console.log(
    `\nflash sale: ${flash.attempts} attempts in ${flash.seconds} s (${flash.withinWindow ? "within" : "NOT within"} 10 s), ${JSON.stringify(flash.statusCodes)}, stock after ${flash.stockAfter}; ` +
      `accepted p50/p95/p99 ${flash.accepted.p50}/${flash.accepted.p95}/${flash.accepted.p99} ms, ` +
      `refused p50/p95/p99 ${flash.refused.p50}/${flash.refused.p95}/${flash.refused.p99} ms: ${flash.right ? "exactly right" : "NOT right"}`
  )
  const { photo } = r
  console.log(
    `\nphone photo: ${round1(photo.bytes / 1024)} KB, ${photo.storedWidth}x${photo.storedHeight} stored sideways (EXIF orientation 6, GPS); ` +
      photo.uploads
        .map((u) => `${u.door} ${u.ms} ms (backend RSS ${u.rssBeforeMB} -> peak ${u.peakRssMB} MB)`)
        .join("; ")
  )
  console.log(
    `its variants: ${photo.variants.map((v) => `${v.format} ${v.width}w ${round1(v.bytes / 1024)} KB`).join(", ") || "none listed"}` +
      (photo.avifMs === null
        ? "; no AVIF yet when Lighthouse ran"
        : `; AVIF there ${photo.avifMs} ms after the pages took it`)
  )
  if (lighthouse.length) {
    console.log("")
    printTable(
      lighthouse.map((l) => ({
        "lighthouse (mobile)": l.page,
        score: l.score ?? "-",
        "LCP ms": l.lcpMs ?? "-",
        "FCP ms": l.fcpMs ?? "-",
        "TBT ms": l.tbtMs ?? "-",
        CLS: l.cls ?? "-",
        "total KB": kb(l.totalBytes),
        "JS KB": kb(l.jsBytes),
        requests: l.requests ?? "-",
        "run scores": l.runs ? l.runs.map((run) => run.score ?? "x").join("/") : "-",
        error: l.error ? (l.error.length > 70 ? `${l.error.slice(0, 70)}...` : l.error) : "-",
      }))
    )
    console.log(
      `lighthouse ${lighthouse.find((l) => l.lighthouseVersion)?.lighthouseVersion ?? "?"}: the median of ${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS === 1 ? "" : "s"} by score; KB transferred`
    )
  }
  if (typeof adminScreens === "object" && "screens" in adminScreens) {
    console.log("")
    printAdminScreens(adminScreens)
  }
  console.log("")
  printTable(
    memory.map((m) => ({
      "backend RSS after": m.after,
      MB: m.rssMB,
      processes: m.processes,
      ...(m.storefrontMB !== undefined ? { "storefront MB": m.storefrontMB } : {}),
    }))
  )
  const goals = benchGoals(r)
  console.log("")
  printTable(goals.map((g) => ({ goal: g.goal, actual: g.actual, result: result(g) })))
  const file = writeResults("bench", {
    benchmark: "npm run bench",
    date: new Date().toISOString(),
    seconds: round1((Date.now() - r.started) / 1000),
    figures,
    lighthouse: LIGHTHOUSE
      ? { runs: LIGHTHOUSE_RUNS, formFactor: "mobile", throttlingMethod: "simulate", pages: lighthouse }
      : "skipped",
    adminScreens,
    flash,
    orderHistory: { base: BASE_ORDERS, atScale: atScale.orders, seed: atScale.seed, plans: atScale.plans },
    memory,
    goals: goals.map((g) => ({ ...g, result: result(g) })),
  })
  console.log(`\nwritten to ${file} (${round1((Date.now() - r.started) / 1000)} s in all)`)
}

// ---------------------------------------------------------------- npm run bench:flash

/** The table of every flash sale of `--flash`, its goals, and bench-results/flash.json. */
export function reportFlash({
  runs,
  repeat,
  servers,
  memory,
}: {
  runs: FlashResult[]
  repeat: number
  servers: number
  memory: MemorySample[]
}): void {
  const rightCount = runs.filter((r) => r.right).length
  const refusalP95s = runs.map((r) => r.refused.p95).sort((a, b) => a - b)
  console.log("")
  printTable(
    runs.map((r, i) => ({
      run: i + 1,
      right: r.right ? "yes" : "NO",
      "201s": r.statusCodes["201"] ?? 0,
      "409s": r.statusCodes["409"] ?? 0,
      other:
        Object.entries(r.statusCodes)
          .filter(([k]) => k !== "201" && k !== "409")
          .map(([k, v]) => `${k}x${v}`)
          .join(" ") || "-",
      errors: r.errors,
      "stock after": r.stockPerServer.join("/"),
      ...(servers > 1 ? { "per server": r.perServer.join("/") } : {}),
      seconds: r.seconds,
      "in 10 s": r.withinWindow ? "yes" : "no",
      "attempts/s": r.attemptsPerSecond,
      "refused p50": r.refused.p50,
      "refused p95": r.refused.p95,
      "accepted p95": r.accepted.p95,
    }))
  )
  const worstP95 = refusalP95s[refusalP95s.length - 1]
  const medianP95 = percentile(refusalP95s, 50)
  const maxServerMB = Math.max(...memory.map((m) => m.serverMB))
  console.log("")
  printTable([
    {
      goal: `flash sale exactly right (${repeat} of ${repeat})`,
      actual: `${rightCount} of ${repeat}`,
      result: met(rightCount === repeat),
    },
    {
      goal: `1,000 attempts answered within 10 s (every run)`,
      actual: `${runs.filter((r) => r.withinWindow).length} of ${repeat}`,
      result: met(runs.every((r) => r.withinWindow)),
    },
    {
      goal: `refusals' p95 <= ${GOALS.flashRefusalP95Ms} ms (every run)`,
      actual: `worst ${worstP95} ms, median ${medianP95} ms`,
      result: met(worstP95 <= GOALS.flashRefusalP95Ms),
    },
    {
      goal: `backend memory < ${GOALS.memoryMB} MB${servers > 1 ? " per server" : ""}`,
      actual: `${maxServerMB} MB`,
      result: met(maxServerMB < GOALS.memoryMB),
    },
  ])
  const file = writeResults("flash", {
    benchmark: "flash sale repeated",
    date: new Date().toISOString(),
    repeat,
    servers,
    redis: Boolean(process.env.REDIS_URL),
    right: rightCount,
    connections: FLASH_CONNECTIONS,
    runs,
    memory,
  })
  console.log(
    `\n${rightCount} of ${repeat} repeats exactly right on ${servers} backend process${servers === 1 ? "" : "es"}` +
      `${process.env.REDIS_URL ? " with Redis" : ""}; written to ${file}`
  )
}

// ---------------------------------------------------------------- npm run bench:admin (and a table of npm run bench)

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

/** The admin screens' table and bench-results/admin-screens.json. */
export function reportAdminScreens(f: AdminScreensFigures): void {
  printAdminScreens(f)
  say(`figures: ${writeResults("admin-screens", f)}`)
}

// ---------------------------------------------------------------- npm run bench:dashboard

/** The dashboard's table per period and bench-results/dashboard.json. */
export function reportDashboard(r: {
  orders: number
  liveOrders: number
  connections: number
  durationSeconds: number
  results: DashboardFigure[]
}): void {
  console.log("")
  printTable(
    r.results.map((f) => ({
      period: f.period,
      "req/s": f.rps,
      requests: f.requests,
      "p50 ms": f.p50,
      "p95 ms": f.p95,
      "p99 ms": f.p99,
      errors: f.errors + f.non2xx + f.mismatches,
      [`p95 <= ${GOALS.dashboardP95Ms} ms`]: f.goalMet ? "met" : "MISSED",
    }))
  )
  const file = writeResults("dashboard", {
    benchmark: "GET /api/admin/dashboard?period=...",
    date: new Date().toISOString(),
    orders: r.orders,
    liveOrders: r.liveOrders,
    connections: r.connections,
    durationSeconds: r.durationSeconds,
    goal: { p95Ms: GOALS.dashboardP95Ms },
    results: r.results,
  })
  console.log(`\nwritten to ${file}`)
}

// ---------------------------------------------------------------- npm run bench:profit

/** The Profit screen's table per period, the export's line and bench-results/profit.json. */
export function reportProfit(r: {
  orders: number
  connections: number
  durationSeconds: number
  results: ProfitFigure[]
  exported: ExportFigure
}): void {
  console.log("")
  printTable(
    r.results.map((f) => ({
      period: f.period,
      connections: f.connections,
      "req/s": f.rps,
      requests: f.requests,
      "p50 ms": f.p50,
      "p95 ms": f.p95,
      "p99 ms": f.p99,
      errors: f.errors + f.non2xx + f.mismatches,
      goal: `p95 <= ${f.goalMs} ms: ${f.goalMet ? "met" : "MISSED"}`,
    }))
  )
  console.log(
    `export of ${r.exported.period}: ${r.exported.rows} orders, ${r.exported.bytes} bytes in ${r.exported.ms} ms ` +
      `(goal <= ${GOALS.profitExportMs} ms: ${r.exported.goalMet ? "met" : "MISSED"})`
  )
  const file = writeResults("profit", {
    benchmark: "GET /api/admin/profit?from=&to= and /api/admin/profit/export",
    date: new Date().toISOString(),
    orders: r.orders,
    connections: r.connections,
    durationSeconds: r.durationSeconds,
    goals: {
      monthP95Ms: GOALS.profitMonthP95Ms,
      yearP95Ms: GOALS.profitYearP95Ms,
      exportMs: GOALS.profitExportMs,
    },
    results: r.results,
    export: r.exported,
  })
  console.log(`\nwritten to ${file}`)
}

// ---------------------------------------------------------------- npm run bench:dispatch

/** The print's figures against its goals, and bench-results/dispatch.json. */
export function reportPrint(f: PrintFigure): void {
  console.log("")
  printTable([
    {
      orders: f.orders,
      pages: f.pages,
      "PDF KB": Math.round(f.bytes / 1024),
      "runs ms": f.runsMs.join(" / "),
      "median ms": f.medianMs,
      "bare render ms": f.bareMs,
      "x bare": Math.round((f.medianMs / Math.max(1, f.bareMs)) * 100) / 100,
      "RSS MB": `${f.rssBeforeMB} -> ${f.rssPeakMB}`,
    },
  ])
  console.log(
    `print of ${f.orders} orders: ${f.medianMs} ms (goal <= ${GOALS.print100Ms} ms: ${f.goalMet ? "met" : "MISSED"}); ` +
      `memory +${f.rssPeakMB - f.rssBeforeMB} MB (goal <= ${GOALS.printMemoryMB} MB: ${f.memoryGoalMet ? "met" : "MISSED"})`
  )
  const file = writeResults("dispatch", {
    benchmark: "POST /api/admin/order/print (invoices and labels, one PDF)",
    date: new Date().toISOString(),
    goals: { printMs: GOALS.print100Ms, memoryMB: GOALS.printMemoryMB },
    result: f,
  })
  console.log(`\nwritten to ${file}`)
}
