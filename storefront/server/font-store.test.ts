// @vitest-environment node
import fs from "node:fs"
import http, { type Server } from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BN_MESSAGES } from "@shop/contract"
import { LANDING_FONT_PATH, LandingFonts, SERVER_TEXTS, sharedLandingRuns, unescapeSource } from "./font-store"
import { bengaliRuns, type FaceWeight } from "./font-subset"

const require = createRequire(import.meta.url)
const FACES = new Map<FaceWeight, string>(
  ([400, 700] as const).map((weight) => [
    weight,
    require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`),
  ])
)
const PAGE = `<html><head><title>ঈদ অফার</title></head><body><h1>আরামদায়ক কটন সালোয়ার কামিজ</h1>
<p>ক্ষমা মন্ত্রী র‍্যাব উজ্জ্বল ৳১,২৫০</p><input placeholder="আপনার পুরো নাম লিখুন"></body></html>`
const SHARED = ["অর্ডার", "করুন", "সঠিক", "মোবাইল", "নম্বর", "দিন"]

let tmp: string
let fonts: LandingFonts
let server: Server
let base: string

function get(pathname: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number }>(
    (resolve, reject) => {
      const started = performance.now()
      const req = http.request(`${base}${pathname}`, { method }, (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          })
        )
      })
      req.on("error", reject)
      req.end()
    }
  )
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "landing-fonts-"))
  fonts = new LandingFonts({ faces: FACES, sharedRuns: () => SHARED, cacheDir: tmp, waitMs: 60_000 })
  server = http.createServer((req, res) => {
    if (!fonts.serve(req, res, req.url!.split("?")[0]!)) res.writeHead(418).end()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  fonts.close()
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe("LandingFonts", () => {
  let hash = ""

  it("makes a page's cut on the worker: preloads of both weights and @font-face with its unicode-range", async () => {
    const { head } = await fonts.head(PAGE)
    expect(head).not.toBeNull()
    hash = head!.hash
    expect(hash).toMatch(/^[0-9a-f]{20}$/)
    for (const weight of [400, 700]) {
      expect(head!.preloads).toContain(
        `<link rel="preload" href="/fonts/landing-${hash}-${weight}.woff2" as="font" type="font/woff2" crossorigin>`
      )
      expect(head!.style).toContain(
        `font-weight:${weight};font-display:swap;src:url(/fonts/landing-${hash}-${weight}.woff2)`
      )
    }
    // the page's characters and the shared wording's: ক (U+0995), ৳ (U+09F3), ZWNJ and ZWJ (always)
    expect(head!.style).toMatch(/unicode-range:[^}]*U\+995/)
    expect(head!.style).toContain("U+9F3")
    expect(head!.style).toContain("U+200C-200D")
    // the cut first, the full faces after it; typed text on the full faces only
    expect(head!.style).toContain(
      `.landing,.landing-status,.confirmation{font-family:var(--landing-font),"Landing Bengali","Noto Sans Bengali"`
    )
    expect(head!.style).toMatch(
      /\.landing input,\.landing textarea,\.confirmation__details dd\{font-family:var\(--landing-font\),"Noto Sans Bengali"[^}]*!important\}/
    )
    expect(fonts.timings).toHaveLength(1)
    for (const weight of [400, 700]) expect(fs.existsSync(path.join(tmp, `landing-${hash}-${weight}.woff2`))).toBe(true)
  }, 60_000)

  it("finds the cut again without the worker: the same page, and after a restart from disk", async () => {
    const started = performance.now()
    expect((await fonts.head(PAGE)).head?.hash).toBe(hash)
    expect(performance.now() - started).toBeLessThan(50)
    const restarted = new LandingFonts({ faces: FACES, sharedRuns: () => SHARED, cacheDir: tmp, waitMs: 0 })
    expect((await restarted.head(PAGE)).head?.hash).toBe(hash)
    expect(restarted.timings).toHaveLength(0)
    restarted.close()
  })

  it("serves the cut immutable under its hash, GET and HEAD", async () => {
    for (const weight of [400, 700] as const) {
      const answer = await get(`/fonts/landing-${hash}-${weight}.woff2`)
      expect(answer.status).toBe(200)
      expect(answer.headers["content-type"]).toBe("font/woff2")
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      expect(answer.headers["content-encoding"]).toBeUndefined()
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length)
      expect(answer.body.equals(fs.readFileSync(path.join(tmp, `landing-${hash}-${weight}.woff2`)))).toBe(true)
      expect(answer.body.subarray(0, 4).toString("latin1")).toBe("wOF2")
      // well under half of the full face it was cut from
      expect(answer.body.length).toBeLessThan(fs.statSync(FACES.get(weight)!).size / 2)
    }
    const head = await get(`/fonts/landing-${hash}-400.woff2`, "HEAD")
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect((await get(`/fonts/landing-${hash}-400.woff2`, "POST")).status).toBe(405)
  })

  it("answers an unknown hash with a quick 404 and leaves other paths alone", async () => {
    const unknown = await get(`/fonts/landing-${"0".repeat(20)}-400.woff2`)
    expect(unknown.status).toBe(404)
    expect(unknown.ms).toBeLessThan(100)
    expect(fonts.timings).toHaveLength(1)
    expect((await get(`/fonts/landing-${hash}-500.woff2`)).status).toBe(418)
    expect((await get(`/fonts/landing-../../etc/passwd`)).status).toBe(418)
    expect(LANDING_FONT_PATH.test(`/fonts/landing-${hash}-400.woff2`)).toBe(true)
  })

  it("keeps a bounded number of cuts in memory and serves the others from disk", async () => {
    const small = new LandingFonts({ faces: FACES, sharedRuns: () => SHARED, cacheDir: tmp, maxFiles: 1 })
    const other = http.createServer((req, res) => small.serve(req, res, req.url!))
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve))
    const port = (other.address() as AddressInfo).port
    for (const weight of [400, 700, 400]) {
      const answer = await fetch(`http://127.0.0.1:${port}/fonts/landing-${hash}-${weight}.woff2`)
      expect(answer.status).toBe(200)
    }
    expect((small as unknown as { files: Map<string, unknown> }).files.size).toBe(1)
    small.close()
    await new Promise((resolve) => other.close(resolve))
  })

  it("keeps at most maxDiskCuts cuts on disk: the least recently used go with their faces, and come back when asked", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landing-fonts-bound-"))
    const bounded = new LandingFonts({
      faces: FACES,
      sharedRuns: () => SHARED,
      cacheDir: dir,
      maxDiskCuts: 2,
      waitMs: 60_000,
    })
    try {
      const pages = ["শার্ট", "পাঞ্জাবি", "জুতা"].map((word) => `${PAGE}<p>${word}</p>`)
      const hashes: string[] = []
      for (const page of pages) {
        hashes.push((await bounded.head(page)).head!.hash)
        // distinct use times even on a coarse clock
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(new Set(hashes).size).toBe(3)
      const onDisk = () => fs.readdirSync(dir).sort()
      const facesOf = (h: string) => [`landing-${h}-400.woff2`, `landing-${h}-700.woff2`]
      expect(onDisk().filter((name) => name.startsWith("runs-"))).toHaveLength(2)
      expect(onDisk().filter((name) => name.endsWith(".woff2"))).toEqual(
        [...facesOf(hashes[1]!), ...facesOf(hashes[2]!)].sort()
      )
      // the first page again: its cut is made anew, and the oldest of the others goes
      expect((await bounded.head(pages[0]!)).head!.hash).toBe(hashes[0])
      expect(onDisk().filter((name) => name.endsWith(".woff2"))).toEqual(
        [...facesOf(hashes[0]!), ...facesOf(hashes[2]!)].sort()
      )
    } finally {
      bounded.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it("while a new cut is made the page gets the full faces, and the cut once `ready` settles", async () => {
    const quick = new LandingFonts({ faces: FACES, sharedRuns: () => SHARED, cacheDir: tmp, waitMs: 0 })
    const first = await quick.head(`${PAGE}<p>নতুন লেখা</p>`)
    expect(first.head).toBeNull()
    expect(first.ready).toBeDefined()
    await first.ready
    const second = await quick.head(`${PAGE}<p>নতুন লেখা</p>`)
    expect(second.head?.hash).toMatch(/^[0-9a-f]{20}$/)
    expect(second.head?.hash).not.toBe(hash)
    quick.close()
  }, 60_000)
})

describe("the wording every cut holds", () => {
  it("holds every word of the contract's Bengali messages, however the contract was built (its \\u escapes read)", () => {
    const shared = new Set(sharedLandingRuns("/nonexistent", {}))
    const words = Object.values(BN_MESSAGES).flatMap((message) =>
      bengaliRuns(typeof message === "string" ? message : (message as (...args: unknown[]) => string)(12, "পণ্য"))
    )
    expect(words).toContain("অল্প")
    // numbers and a product's title are filled in: every other word is the cut's
    expect(words.filter((word) => !shared.has(word) && !/[০-৯]|পণ্য/.test(word))).toEqual([])
    expect(unescapeSource(String.raw`"\u0985\u09B2\u09CD\u09AA" \u{9F3}`)).toBe('"অল্প" ৳')
  })

  it("holds every Bengali string the backend answers a landing order with", () => {
    const shared = new Set(sharedLandingRuns("/nonexistent", {}))
    const backend = path.resolve(__dirname, "../../backend/src")
    const files = ["api/api/landing/validators.ts", "api/api/shop/order/validators.ts", "api/utils/shop-errors.ts"]
    const missing: string[] = []
    for (const file of files) {
      for (const line of fs.readFileSync(path.join(backend, file), "utf8").split("\n")) {
        if (/^\s*(\*|\/\/|\/\*)/.test(line)) continue
        for (const run of bengaliRuns(line)) if (!shared.has(run)) missing.push(`${file}: ${run}`)
      }
    }
    expect(missing).toEqual([])
    expect(SERVER_TEXTS.length).toBeGreaterThan(0)
  })
})
