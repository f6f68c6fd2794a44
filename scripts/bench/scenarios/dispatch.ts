/**
 * The dispatch desk's print at a merchant's afternoon (`npm run bench:dispatch`,
 * ../dispatch.ts): BENCH_PRINT_ORDERS (100) orders taken through the admin's
 * Add order (half with Bengali names and addresses, a quarter booked with a
 * courier by hand), then POST /api/admin/order/print of all of them, timed to
 * the PDF's last byte, with the backend's resident memory around it; and, as
 * the bare baseline, the same papers drawn in this process by the backend's
 * own renderer without HTTP, database or workflow.
 */
import { Writable } from "node:stream"
import { GOALS } from "../goals"
import { login, renderDispatchPdf, type BenchStack, type PrintOrder } from "../lib"
import { say } from "./context"

export const PRINT_ORDERS = Number(process.env.BENCH_PRINT_ORDERS || 100)
export const PRINT_RUNS = Number(process.env.BENCH_PRINT_RUNS || 3)

export type PrintFigure = {
  orders: number
  pages: number
  bytes: number
  /** each run, ms to the last byte */
  runsMs: number[]
  medianMs: number
  /** the backend's resident memory before the first print and at most during the prints */
  rssBeforeMB: number
  rssPeakMB: number
  /** the same papers drawn in-process (no HTTP, database or workflow), the median of as many runs */
  bareMs: number
  goalMet: boolean
  memoryGoalMet: boolean
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function rssMB(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises")
  const status = await readFile(`/proc/${pid}/status`, "utf8")
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/** The orders a desk prints: taken through the admin's Add order, some booked with a courier by hand. */
async function takeOrders(stack: BenchStack, cookie: string): Promise<string[]> {
  const headers = { "content-type": "application/json", cookie }
  const products = (await (await fetch(`${stack.url}/api/shop/products/get`)).json()) as {
    products: { _id: string; stock: number }[]
  }
  // one unit of whichever product has the most left (a seeded product has fewer units than a day's orders)
  const left = new Map(products.products.map((p) => [p._id, p.stock]))
  const ids: string[] = []
  for (let i = 0; i < PRINT_ORDERS; i++) {
    const [productId] = [...left].sort((a, b) => b[1] - a[1])[0]!
    left.set(productId, left.get(productId)! - 1)
    const bengali = i % 2 === 0
    const res = await fetch(`${stack.url}/api/admin/order/manual`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        source: i % 3 ? "phone" : "messenger",
        name: bengali ? "রহিম উদ্দিন আহমেদ" : "Karim Hossain",
        phone: `019${String(10_000_000 + i).padStart(8, "0")}`,
        address: bengali
          ? `বাড়ি ${i}, রোড ৫, ব্লক সি, মিরপুর ১০, ঢাকা-১২১৬, কাজীপাড়া মসজিদের পাশে`
          : `House ${i}, Road 7, Agrabad Commercial Area, Chattogram`,
        items: [{ productId, quantity: 1 }],
      }),
    })
    const answer = (await res.json()) as { data?: { _id: string }; message?: string }
    if (res.status !== 201 || !answer.data) throw new Error(`order ${i}: ${res.status} ${answer.message}`)
    ids.push(answer.data._id)
    if (i % 4 === 0) {
      const booked = await fetch(`${stack.url}/api/admin/order/${answer.data._id}/courier`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          provider: "manual",
          courierName: "Sundarban Courier",
          trackingCode: `SB-${100000 + i}`,
        }),
      })
      if (booked.status !== 201) throw new Error(`booking ${i}: ${booked.status} ${await booked.text()}`)
    }
  }
  return ids
}

export async function measurePrint(stack: BenchStack): Promise<PrintFigure> {
  const cookie = await login(stack.url)
  say(`taking ${PRINT_ORDERS} orders through Add order...`)
  const ids = await takeOrders(stack, cookie)
  const pid = stack.backendPids[0]!
  const rssBefore = await rssMB(pid)
  let peak = rssBefore
  const sampler = setInterval(() => {
    rssMB(pid).then(
      (mb) => (peak = Math.max(peak, mb)),
      () => undefined
    )
  }, 50)
  const runsMs: number[] = []
  let pdf = Buffer.alloc(0)
  try {
    for (let run = 0; run < PRINT_RUNS; run++) {
      const started = performance.now()
      const res = await fetch(`${stack.url}/api/admin/order/print`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ orderIds: ids, reprint: run > 0 }),
      })
      pdf = Buffer.from(await res.arrayBuffer())
      runsMs.push(Math.round(performance.now() - started))
      if (res.status !== 200 || res.headers.get("content-type") !== "application/pdf") {
        throw new Error(`print: ${res.status} ${pdf.toString("utf8").slice(0, 300)}`)
      }
      say(`print ${run + 1}: ${runsMs[run]} ms, ${pdf.length} bytes`)
    }
  } finally {
    clearInterval(sampler)
  }
  const pages = (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length

  // the bare baseline: the same kind of papers, drawn here by the same renderer
  const papers: PrintOrder[] = ids.map((_, i) => ({
    orderNumber: `ORD-261129-B${String(i).padStart(5, "0")}`,
    placedAt: new Date().toISOString(),
    status: "pending",
    name: i % 2 === 0 ? "রহিম উদ্দিন আহমেদ" : "Karim Hossain",
    phone: `019${String(10_000_000 + i).padStart(8, "0")}`,
    address:
      i % 2 === 0
        ? `বাড়ি ${i}, রোড ৫, ব্লক সি, মিরপুর ১০, ঢাকা-১২১৬, কাজীপাড়া মসজিদের পাশে`
        : `House ${i}, Road 7, Agrabad Commercial Area, Chattogram`,
    area: i % 2 === 0 ? "Inside Dhaka" : "Outside Dhaka",
    items: [{ title: "Cotton Panjabi", quantity: 1, unitPrice: 1250 }],
    deliveryCharge: 60,
    total: 1310,
    paid: 0,
    payment: "Cash on delivery",
    courier:
      i % 4 === 0
        ? { name: "Sundarban Courier", consignmentId: null, trackingCode: `SB-${100000 + i}`, trackingUrl: null }
        : null,
  }))
  // timed as the route's: as many runs, the median (the first also reads and parses the fonts)
  const bareRuns: number[] = []
  for (let run = 0; run < PRINT_RUNS; run++) {
    const sink = new Writable({ write: (_chunk, _enc, done) => done() })
    const bareStarted = performance.now()
    await renderDispatchPdf(papers, { name: "Deshi Bazar", phone: "01700-000000" }, sink)
    bareRuns.push(Math.round(performance.now() - bareStarted))
  }
  const bareMs = median(bareRuns)

  const medianMs = median(runsMs)
  return {
    orders: ids.length,
    pages,
    bytes: pdf.length,
    runsMs,
    medianMs,
    rssBeforeMB: rssBefore,
    rssPeakMB: peak,
    bareMs,
    goalMet: medianMs <= GOALS.print100Ms,
    memoryGoalMet: peak - rssBefore <= GOALS.printMemoryMB,
  }
}
