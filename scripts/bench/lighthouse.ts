/**
 * Lighthouse's performance figures for one page, as `npm run bench` reports
 * them: Lighthouse's default config (mobile: a Moto G Power sized screen, slow
 * 4G and a 4x slower CPU, simulated from one unthrottled load), performance
 * category only, in Chromium (CHROME_PATH, else /usr/bin/chromium, headless,
 * no sandbox since benches may run as root).
 *
 * Lighthouse is noisy, the more so on a small shared machine: a page is loaded
 * `runs` times (a fresh profile, storage and cache cleared by Lighthouse before
 * each load) and the median run by score is the one reported; every run is kept.
 *
 *   npx tsx scripts/bench/lighthouse.ts <url> [runs]   prints the figures for one URL
 */
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import type { Config, Flags, Result } from "lighthouse"
import { trustFrontFlags } from "./tls-front"

/** One Lighthouse load of a page. */
export type LighthouseRun = {
  /** performance score 0-100, null when Lighthouse could not score the page */
  score: number | null
  /** Largest Contentful Paint, ms */
  lcpMs: number | null
  /** First Contentful Paint, ms */
  fcpMs: number | null
  /** Total Blocking Time, ms */
  tbtMs: number | null
  /** Cumulative Layout Shift */
  cls: number | null
  /** Speed Index, ms */
  speedIndexMs: number | null
  /** every byte transferred (total-byte-weight) */
  totalBytes: number | null
  /** bytes of JavaScript transferred (resource-summary's scripts) */
  jsBytes: number | null
  requests: number | null
  /** Lighthouse's runtime error (e.g. NO_FCP, ERRORED_DOCUMENT_REQUEST), if the load failed */
  error?: string
  /** Lighthouse's warnings about the run (e.g. a slow host machine) */
  warnings: string[]
}

/** The median run's figures, the page, and every run. */
export type LighthouseFigures = LighthouseRun & {
  url: string
  /** Lighthouse's version and the browser it drove */
  lighthouseVersion: string
  userAgent: string
  /** the host's benchmark index Lighthouse measured (lower: a slower machine) */
  benchmarkIndex: number | null
  /** which of `runs` is reported (0-based) */
  medianRun: number
  runs: LighthouseRun[]
}

export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium"
const CHROME_FLAGS = ["--headless=new", "--no-sandbox"]

/** Lighthouse's default config (mobile, simulated throttling), performance only. */
const CONFIG: Config = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: ["performance"],
    formFactor: "mobile",
    throttlingMethod: "simulate",
  },
}

const numeric = (lhr: Result, audit: string): number | null => {
  const value = lhr.audits[audit]?.numericValue
  return typeof value === "number" && Number.isFinite(value) ? value : null
}
const round = (n: number | null, digits = 0): number | null => (n === null ? null : Number(n.toFixed(digits)))

function figuresOf(lhr: Result): LighthouseRun {
  const score = lhr.categories.performance?.score
  const summary = lhr.audits["resource-summary"]?.details as
    { items?: { resourceType: string; transferSize?: number; requestCount?: number }[] } | undefined
  const row = (type: string) => summary?.items?.find((i) => i.resourceType === type)
  return {
    score: typeof score === "number" ? Math.round(score * 100) : null,
    lcpMs: round(numeric(lhr, "largest-contentful-paint")),
    fcpMs: round(numeric(lhr, "first-contentful-paint")),
    tbtMs: round(numeric(lhr, "total-blocking-time")),
    cls: round(numeric(lhr, "cumulative-layout-shift"), 4),
    speedIndexMs: round(numeric(lhr, "speed-index")),
    totalBytes: round(numeric(lhr, "total-byte-weight")),
    jsBytes: row("script")?.transferSize ?? null,
    requests: row("total")?.requestCount ?? null,
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    warnings: lhr.runWarnings.map(String),
  }
}

/**
 * Loads `url` `runs` times with Lighthouse in one headless Chromium; returns the
 * median run by score (ties broken by LCP) with every run alongside.
 */
export async function runLighthouse(
  url: string,
  runs = 3,
  log: (line: string) => void = () => undefined,
  /** A self-signed certificate's key hash (tls-front.ts) that Chromium trusts for this run. */
  trustSpki?: string
): Promise<LighthouseFigures> {
  if (!Number.isInteger(runs) || runs < 1) throw new Error("Lighthouse runs take a whole number >= 1")
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`)
  const chromeFlags = [...CHROME_FLAGS, ...trustFrontFlags(trustSpki)]
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags, logLevel: "silent" })
  try {
    const flags: Flags = { port: chrome.port, logLevel: "error", output: "json" }
    const results: LighthouseRun[] = []
    let first: Result | undefined
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, flags, CONFIG)
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      first ??= result.lhr
      const run = figuresOf(result.lhr)
      results.push(run)
      log(
        `lighthouse ${url} run ${i + 1}/${runs}: ` +
          (run.error
            ? `error ${run.error}`
            : `score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`)
      )
    }
    // median by score; a failed run (no score) sorts first, a slower LCP before a faster one
    const order = results
      .map((r, i) => ({ r, i }))
      .sort((a, b) => (a.r.score ?? -1) - (b.r.score ?? -1) || (b.r.lcpMs ?? Infinity) - (a.r.lcpMs ?? Infinity))
    const median = order[Math.floor((order.length - 1) / 2)]
    return {
      url,
      ...median.r,
      lighthouseVersion: first!.lighthouseVersion,
      userAgent: first!.environment.hostUserAgent,
      benchmarkIndex: first!.environment.benchmarkIndex ?? null,
      medianRun: median.i,
      runs: results,
    }
  } finally {
    chrome.kill()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [url, runsArg] = process.argv.slice(2)
  if (!url) {
    console.error("usage: tsx scripts/bench/lighthouse.ts <url> [runs]   (runs: BENCH_LIGHTHOUSE_RUNS, else 3)")
    process.exit(2)
  }
  const runs = Number(runsArg || process.env.BENCH_LIGHTHOUSE_RUNS || 3)
  runLighthouse(url, runs, (line) => console.log(`[lighthouse] ${line}`)).then(
    (f) => {
      const { runs: all, ...median } = f
      console.log(
        JSON.stringify(
          { ...median, runs: all.map(({ warnings, ...r }) => ({ ...r, warnings: warnings.length })) },
          null,
          2
        )
      )
    },
    (error) => {
      console.error(error instanceof Error ? error.stack : error)
      process.exit(1)
    }
  )
}
