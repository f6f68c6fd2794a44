/**
 * The flash sale: the landing page's product at stock 50, then 1,000 order
 * attempts from BENCH_FLASH_CONNECTIONS shoppers at once, each attempt timed,
 * taking turns over the backends. Right means exactly 50 x 201 and 950 x 409,
 * no 5xx or error, and stock 0 as every backend reports it after.
 *
 * A phase of `npm run bench` (once, after the order placement), or the whole
 * run with --flash (`npm run bench:flash`: --repeat N times on one stack,
 * --servers N backends sharing PostgreSQL and Redis).
 */
import { GOALS } from "../goals"
import { percentile, runLoad } from "../lib"
import { round1, say, type BenchContext } from "./context"
import { AMPLE_STOCK, FLASH_ATTEMPTS, FLASH_CONNECTIONS, FLASH_HARD_STOP_MS, FLASH_STOCK } from "./settings"
import { JSON_HEADERS, orderBody, orderUrl, readProduct, setStock } from "./shop"

export type FlashResult = {
  /** exactly 50 x 201 and 950 x 409 of 1,000 attempts, no 5xx or error, stock 0 after */
  right: boolean
  attempts: number
  /** every attempt answered within the 10 s window */
  withinWindow: boolean
  /** attempts sent to each backend, in the order of their URLs */
  perServer: number[]
  /** the product's stock as each backend reports it afterwards */
  stockPerServer: number[]
  seconds: number
  attemptsPerSecond: number
  statusCodes: Record<string, number>
  errors: number
  stockAfter: number
  accepted: { count: number; p50: number; p95: number; p99: number }
  refused: { count: number; p50: number; p95: number; p99: number }
}

/** Stock 50, then 1,000 attempts with bounded concurrency, each timed, taking turns over the backends. */
async function flashSale(baseUrls: string[], cookie: string, productId: string): Promise<FlashResult> {
  const baseUrl = baseUrls[0]
  await setStock(baseUrl, cookie, productId, FLASH_STOCK)
  const body = orderBody(productId)
  const perServer = baseUrls.map(() => 0)
  const byStatus = new Map<string, number[]>()
  let errors = 0
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < FLASH_ATTEMPTS && performance.now() - started < FLASH_HARD_STOP_MS) {
      const server = next++ % baseUrls.length
      perServer[server]++
      const url = orderUrl(baseUrls[server])
      const t0 = performance.now()
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.timeout(30_000),
        })
        await res.arrayBuffer()
        const ms = performance.now() - t0
        const key = String(res.status)
        if (!byStatus.has(key)) byStatus.set(key, [])
        byStatus.get(key)!.push(ms)
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: FLASH_CONNECTIONS }, worker))
  const seconds = (performance.now() - started) / 1000
  const stockPerServer = await Promise.all(baseUrls.map(async (u) => (await readProduct(u, productId)).stock))
  const stockAfter = stockPerServer[0]
  const stats = (times: number[] = []) => {
    const sorted = [...times].sort((a, b) => a - b)
    return {
      count: sorted.length,
      p50: round1(percentile(sorted, 50)),
      p95: round1(percentile(sorted, 95)),
      p99: round1(percentile(sorted, 99)),
    }
  }
  const statusCodes = Object.fromEntries([...byStatus].map(([k, v]) => [k, v.length]))
  const count = (code: string) => statusCodes[code] ?? 0
  const fiveXX = Object.entries(statusCodes)
    .filter(([k]) => k.startsWith("5"))
    .reduce((n, [, v]) => n + v, 0)
  const attempts = next
  return {
    right:
      attempts === FLASH_ATTEMPTS &&
      count("201") === FLASH_STOCK &&
      count("409") === FLASH_ATTEMPTS - FLASH_STOCK &&
      fiveXX === 0 &&
      errors === 0 &&
      stockPerServer.every((s) => s === 0),
    attempts,
    withinWindow: attempts === FLASH_ATTEMPTS && seconds * 1000 <= GOALS.flashWindowMs,
    perServer,
    stockPerServer,
    seconds: round1(seconds),
    attemptsPerSecond: round1(attempts / seconds),
    statusCodes,
    errors,
    stockAfter,
    accepted: stats(byStatus.get("201")),
    refused: stats(byStatus.get("409")),
  }
}

/** The flash sale as a phase of `npm run bench`. */
export async function flashSalePhase({ stack, cookie, productId, sample }: BenchContext): Promise<FlashResult> {
  say(`flash sale: stock ${FLASH_STOCK}, ${FLASH_ATTEMPTS} attempts, ${FLASH_CONNECTIONS} at a time...`)
  const flash = await flashSale(stack.urls, cookie, productId)
  say(
    `flash sale: ${flash.right ? "right" : "WRONG"} ${JSON.stringify(flash.statusCodes)}, errors ${flash.errors}, stock after ${flash.stockAfter}`
  )
  sample("flash sale")
  return flash
}

/** `--flash`: the order path warmed up (so the first run is not all cold start), then `repeat` flash sales on one stack. */
export async function repeatedFlashSales(
  { stack, cookie, productId, sample }: BenchContext,
  repeat: number,
  servers: number
): Promise<FlashResult[]> {
  say("warming up the order path (20 orders, ample stock)...")
  await setStock(stack.url, cookie, productId, AMPLE_STOCK)
  await runLoad({
    url: orderUrl(stack.url),
    method: "POST",
    body: orderBody(productId),
    headers: JSON_HEADERS,
    connections: 5,
    amount: 20,
  })
  const runs: FlashResult[] = []
  for (let i = 1; i <= repeat; i++) {
    const r = await flashSale(stack.urls, cookie, productId)
    runs.push(r)
    say(
      `flash ${i}/${repeat}: ${r.right ? "right" : "WRONG"} ${JSON.stringify(r.statusCodes)} errors ${r.errors} ` +
        `stock ${r.stockPerServer.join("/")}, ${r.attempts} attempts in ${r.seconds} s` +
        `${servers > 1 ? ` (per server ${r.perServer.join("/")})` : ""}, refusals p95 ${r.refused.p95} ms`
    )
  }
  sample(`flash x${repeat}`)
  return runs
}
