/**
 * Lighthouse's mobile figures for the landing page, a product's page and home
 * through the storefront (the runs themselves: ../lighthouse.ts), on a quiet
 * machine: no load runs meanwhile. A page that fails is kept with its error
 * and the next one is measured.
 */
import { runLighthouse, type LighthouseFigures } from "../lighthouse"
import { round1, say, type BenchContext } from "./context"
import { DEFAULT_FONT_SLUG, LIGHTHOUSE, LIGHTHOUSE_RUNS, SLUG } from "./settings"

/** One page as bench.json's `lighthouse.pages` hold it: its figures, or its error. */
export type LighthousePage = Partial<LighthouseFigures> & { page: string; url: string; error?: string }

export const kb = (bytes: number | null | undefined) => (typeof bytes === "number" ? round1(bytes / 1024) : "-")

/**
 * The /assets/ files a page's HTML names (scripts, styles, preloads) that do not
 * answer 200. A storefront/dist rebuilt under the running server leaves its
 * pages naming files that are gone, and Lighthouse then sees nothing painted.
 */
async function missingAssets(pageUrl: string): Promise<string[]> {
  const res = await fetch(pageUrl, { headers: { accept: "text/html" } })
  const html = await res.text()
  if (res.status !== 200) return [`the page itself: ${res.status}`]
  const paths = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))]
  const missing: string[] = []
  for (const p of paths) {
    const r = await fetch(new URL(p, pageUrl))
    await r.arrayBuffer()
    if (r.status !== 200) missing.push(`${p} ${r.status}`)
  }
  return missing
}

/** Every page's figures; none when BENCH_LIGHTHOUSE=0. */
export async function measureLighthousePages({ stack, productId, sample }: BenchContext): Promise<LighthousePage[]> {
  // shoppers' address: the TLS front (HTTP/2) before the storefront server, as in production
  const edge = stack.edgeUrl!
  const pages = [
    { page: "landing", path: `/landing/${SLUG}` },
    { page: "landing, Inter", path: `/landing/${DEFAULT_FONT_SLUG}` },
    { page: "product", path: `/shop/product/${productId}` },
    { page: "home", path: "/" },
  ].map(({ page, path }) => ({ page, path, url: `${edge}${path}` }))
  const lighthouse: LighthousePage[] = []
  if (!LIGHTHOUSE) {
    say("lighthouse: skipped (BENCH_LIGHTHOUSE=0)")
    return lighthouse
  }
  for (const { page, path, url } of pages) {
    say(
      `lighthouse ${page}: ${url}, ${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS === 1 ? "" : "s"} (mobile, simulated throttling)...`
    )
    try {
      // read on the storefront server itself: the bench's own fetch does not trust the front's certificate
      const missing = await missingAssets(`${stack.storefrontUrl}${path}`)
      if (missing.length) {
        throw new Error(
          `the page names files the storefront does not serve (storefront/dist rebuilt under the running server?): ${missing.join(", ")}`
        )
      }
      const f = await runLighthouse(url, LIGHTHOUSE_RUNS, (line) => say(line), stack.edgeSpki)
      lighthouse.push({ page, ...f })
      say(
        `lighthouse ${page}: score ${f.score}, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, CLS ${f.cls}, ` +
          `${kb(f.totalBytes)} KB (JS ${kb(f.jsBytes)} KB)${f.error ? `, error ${f.error}` : ""} (median of ${JSON.stringify(f.runs.map((r) => r.score))})`
      )
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      lighthouse.push({ page, url, error: message })
      say(`lighthouse ${page}: FAILED: ${message}`)
    }
  }
  sample("lighthouse")
  return lighthouse
}
