/**
 * Landing pages' own Bengali fonts: for each set of texts a landing page can
 * draw (its HTML, the landing app's messages, the server's refusals), a cut
 * of the two Noto Sans Bengali faces holding only their glyphs
 * (font-subset.ts), made once on the font worker (a child process), kept on disk and in a
 * bounded memory cache, served at /fonts/landing-{hash}-{weight}.woff2
 * (immutable: the name is the hash of what it holds) and preloaded by the
 * page instead of the full faces (about a third of their bytes).
 *
 * The page draws with the cut first ("Landing Bengali", its unicode-range the
 * characters it holds) and the full faces after it, so a character or a
 * conjunct the cut lacks falls to the full face, never to a box. What a
 * shopper types (the form's fields, the confirmation's details) is drawn with
 * the full faces only: the cut holds the page's conjuncts, not every one its
 * letters can make.
 */
import { fork, type ChildProcess } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import type { IncomingMessage, ServerResponse } from "node:http"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import * as contract from "@shop/contract"
import type { Subset } from "./font-subset"
import {
  ALWAYS_LATIN,
  bengaliRuns,
  latinRuns,
  shownText,
  unicodeRange,
  type FaceWeight,
  type LatinWeight,
} from "./font-text"
import type { FontJob, FontJobAnswer } from "./font-worker"
import { sendText } from "./responses"
import { makeFile, sendFile, type StaticFile } from "./static-files"

/** A cut's address: its hash and weight. */
export const LANDING_FONT_PATH = /^\/fonts\/landing-([0-9a-f]{20})-(400|600|700)\.woff2$/
export const landingFontPath = (hash: string, weight: number) => `/fonts/landing-${hash}-${weight}.woff2`
const IMMUTABLE = "public, max-age=31536000, immutable"
/** How cuts are made: a change to font-subset.ts's rules raises it, so no page takes a cut made the old way from disk. */
const CUT_VERSION = 3
/** Pages whose cut is remembered (as many as the page cache keeps). */
const MAX_PAGES = 2000

/** The cut's family, drawn before the full "Noto Sans Bengali" (landing.css's stack otherwise). */
export const SUBSET_FAMILY = "Landing Bengali"
/** The Latin cut's family, drawn before the merchant's full family (var(--landing-font)). */
export const LATIN_SUBSET_FAMILY = "Landing Latin"
const LATER_FAMILIES = `"Noto Sans Bengali",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif`

/**
 * Bengali the backend itself answers a landing order with and the landing app
 * shows as it is (its refusals not in @shop/contract); font-store.test.ts
 * checks that every Bengali string of the backend's order and landing routes
 * is here or in the contract.
 */
export const SERVER_TEXTS: readonly string[] = [
  "একবারে সর্বোচ্চ ১০০০টি অর্ডার করা যায়",
  "deliveryArea হবে dhaka অথবা outside",
  "অক্ষরের বেশি লেখা যাবে না",
  "সাময়িক সমস্যা হচ্ছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
]

/** JavaScript source with its \\u escapes read as the characters they are (a bundler may write Bengali so). */
export function unescapeSource(source: string): string {
  return source.replace(
    /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})/g,
    (_, braced: string | undefined, plain: string | undefined) => String.fromCodePoint(parseInt(braced ?? plain!, 16))
  )
}

/** Every Bengali run in @shop/contract's exports: strings, and functions' wording (the messages). */
function contractRuns(): string[] {
  const runs: string[] = []
  const seen = new Set<unknown>()
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || seen.has(value)) return
    if (typeof value === "string") runs.push(...bengaliRuns(value))
    else if (typeof value === "function") runs.push(...bengaliRuns(unescapeSource(value.toString())))
    else if (typeof value === "object") {
      seen.add(value)
      for (const inner of Object.values(value as object)) visit(inner, depth + 1)
    }
  }
  visit(contract, 0)
  return runs
}

/**
 * Every Bengali run the landing app's own code holds (its wording, the order
 * form's and the confirmation's messages): the build's landing entry and the
 * chunks it imports, statically or not, from the build's manifest.
 */
export function landingAppRuns(distDir: string, manifest: Record<string, ManifestEntry>): string[] {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported)
  }
  visit("landing.html")
  const runs: string[] = []
  for (const file of files) {
    try {
      runs.push(...bengaliRuns(unescapeSource(fs.readFileSync(path.join(distDir, file), "utf8"))))
    } catch {
      // a chunk that cannot be read holds nothing for the cut: what it shows falls to the full face
    }
  }
  return runs
}

export type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[] }

/** A cut as the page names it: its faces' weights, and the characters it maps (its unicode-range). */
type CutInfo = { hash: string; codepoints: number[]; weights: number[] }

/** What a cut is made of: the Bengali faces for the page's Bengali runs, or one Latin family's for its shown text. */
type CutSpec =
  | { kind: "bengali"; runs: string[] }
  | { kind: "latin"; family: string; runs: string[]; faces: ReadonlyMap<LatinWeight, string> }

/** A cut as a render finds it: made, or not (yet: `ready` settles when it is made or known not to be). */
type Found = { cut: CutInfo | null; ready?: Promise<unknown> }

const NO_CUT: Found = { cut: null }

/** The merchant's Latin family a rendered landing page names (landing/utils/page.ts's --landing-font). */
export function landingFamily(page: string): string | null {
  return /--landing-font:\s*([A-Za-z][A-Za-z ]{0,40})[;"]/.exec(page)?.[1]?.trim() ?? null
}

export type LandingFontsOptions = {
  /** The full faces (woff2 files of the build), by weight. */
  faces: ReadonlyMap<FaceWeight, string>
  /** The merchant's Latin families (packages/fonts/landing.css), each face's woff2 file by weight. */
  latinFaces?: ReadonlyMap<string, ReadonlyMap<LatinWeight, string>>
  /** Runs every page's cut holds (the landing app's and the server's wording). */
  sharedRuns: () => Iterable<string>
  /** Where cuts are kept across restarts (default: the system's temporary folder). */
  cacheDir?: string
  /** How long a render waits for a new cut before it preloads the full faces (the cut is used once made). */
  waitMs?: number
  /** The memory cache's bounds: cuts kept, and their bytes. */
  maxFiles?: number
  maxBytes?: number
  /** Cuts kept on disk (LANDING_FONT_CACHE_CUTS, 500: about 15 MB); past it the least recently used go. */
  maxDiskCuts?: number
  logError?: (message: string) => void
}

/** What a page's head gets: preloads (after the page's own) and a style (after the app's stylesheet). */
export type LandingFontHead = { preloads: string; style: string; hash: string }

export class LandingFonts {
  readonly cacheDir: string
  /** Cuts by the hash of the runs they were made for: a page's next render finds its cut without the worker. */
  private readonly byRuns = new Map<string, CutInfo>()
  /** Runs whose cut could not be made: their pages keep the full faces, not asking again (until a restart). */
  private readonly failed = new Set<string>()
  /** Cuts being made, by the hash of their runs. */
  private readonly making = new Map<string, Promise<CutInfo | null>>()
  /** Served files, least recently used first. */
  private readonly files = new Map<string, StaticFile>()
  private filesBytes = 0
  private worker: ChildProcess | null = null
  private readonly jobs = new Map<number, (answer: FontJobAnswer) => void>()
  private nextJob = 1
  private queue: Promise<unknown> = Promise.resolve()
  private shared: string[] | null = null
  /** The full faces' bytes, read once each: the Bengali ones and each Latin family's. */
  private readonly fonts = new Map<string, Promise<[number, Uint8Array][]>>()
  private readonly waitMs: number
  private readonly maxFiles: number
  private readonly maxBytes: number
  private readonly maxDiskCuts: number
  private readonly logError: (message: string) => void
  /** How long the last cuts took, ms (the worker's own time). */
  readonly timings: number[] = []

  constructor(private readonly options: LandingFontsOptions) {
    this.cacheDir =
      options.cacheDir || process.env.LANDING_FONT_CACHE_DIR || path.join(os.tmpdir(), "shop-landing-fonts")
    this.waitMs = options.waitMs ?? Number(process.env.LANDING_FONT_WAIT_MS || 3000)
    this.maxFiles = options.maxFiles ?? 64
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024
    this.maxDiskCuts = options.maxDiskCuts ?? Number(process.env.LANDING_FONT_CACHE_CUTS || 500)
    this.logError = options.logError ?? ((message) => console.error(message))
  }

  /**
   * The head of a landing page whose document (without fonts) is `page`: its
   * cuts' preloads and @font-face, or null while its Bengali cut is not made
   * yet (`ready` settles when every cut it lacks is made, or known not to be).
   */
  async head(page: string): Promise<{ head: LandingFontHead | null; ready?: Promise<unknown> }> {
    try {
      return await this.cutsOf(page)
    } catch (error) {
      // a font's trouble never takes the page down: it goes out with the full faces
      this.logError(`[storefront] landing fonts: ${(error as Error)?.message ?? error}; the full faces are used`)
      return { head: null }
    }
  }

  private async cutsOf(page: string): Promise<{ head: LandingFontHead | null; ready?: Promise<unknown> }> {
    this.shared ??= [...new Set(this.options.sharedRuns())]
    const family = landingFamily(page)
    const latinFaces = family ? this.options.latinFaces?.get(family) : undefined
    const [bengali, latin] = await Promise.all([
      this.find({ kind: "bengali", runs: [...new Set([...bengaliRuns(page), ...this.shared])].sort() }),
      latinFaces && family
        ? this.find({
            kind: "latin",
            family,
            runs: [...new Set(latinRuns(shownText(page)))].sort(),
            faces: latinFaces,
          })
        : NO_CUT,
    ])
    const pending = [bengali.ready, latin.ready].filter((ready) => ready !== undefined)
    const ready = pending.length ? Promise.allSettled(pending) : undefined
    if (!bengali.cut) return { head: null, ready }
    return { head: this.headOf(bengali.cut, latin.cut), ready }
  }

  /** The cut for `spec`: known (memory, disk), being made (waited for at most waitMs), or made now. */
  private async find(spec: CutSpec): Promise<Found> {
    const key = createHash("sha256")
      // what every cut holds is in its name: a change to it makes new cuts, not a read of old ones
      .update(`${CUT_VERSION}\n${spec.kind === "latin" ? `latin:${spec.family}:${ALWAYS_LATIN}` : "bengali"}\n`)
      .update(spec.runs.join("\n"))
      .digest("hex")
    const known = this.byRuns.get(key) ?? (await this.readIndex(key))
    if (known) return { cut: known }
    if (this.failed.has(key)) return { cut: null }
    let making = this.making.get(key)
    if (!making) {
      making = this.make(key, spec).finally(() => this.making.delete(key))
      this.making.set(key, making)
    }
    let timer: NodeJS.Timeout | undefined
    const waited = await Promise.race([
      making,
      new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), this.waitMs)
      }),
    ])
    clearTimeout(timer)
    if (waited === "late") return { cut: null, ready: making }
    return { cut: waited }
  }

  /** GET/HEAD /fonts/landing-{hash}-{weight}.woff2: false when the path is not one. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    const match = LANDING_FONT_PATH.exec(pathname)
    if (!match) return false
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendText(res, 405, "Method Not Allowed", { Allow: "GET, HEAD" })
      return true
    }
    const name = path.basename(pathname)
    const kept = this.files.get(name)
    if (kept) {
      this.keep(name, kept)
      sendFile(req, res, kept, IMMUTABLE)
      return true
    }
    // only what a render made (on disk): an unknown hash is a 404 at once, never a new cut
    fs.promises.readFile(path.join(this.cacheDir, name)).then(
      (body) => {
        const file = makeFile(body, "font/woff2")
        this.keep(name, file)
        sendFile(req, res, file, IMMUTABLE)
      },
      () => sendText(res, 404, "Not Found")
    )
    return true
  }

  /** Stops the worker (a server's close). */
  close() {
    this.worker?.kill()
    this.worker = null
  }

  private headOf(cut: CutInfo, latin: CutInfo | null): LandingFontHead {
    const preloads = cut.weights
      .map(
        (weight) =>
          `<link rel="preload" href="${landingFontPath(cut.hash, weight)}" as="font" type="font/woff2" crossorigin>`
      )
      .join("")
    const facesOf = (family: string, of: CutInfo) => {
      const range = unicodeRange(of.codepoints)
      return of.weights
        .map(
          (weight) =>
            `@font-face{font-family:"${family}";font-style:normal;font-weight:${weight};font-display:swap;` +
            `src:url(${landingFontPath(of.hash, weight)}) format("woff2");unicode-range:${range}}`
        )
        .join("")
    }
    const faces = facesOf(SUBSET_FAMILY, cut) + (latin ? facesOf(LATIN_SUBSET_FAMILY, latin) : "")
    // landing.css's stack with the cuts first: the Bengali one after the merchant's family, and on the
    // landing page itself (.landing, where --landing-font is the page's family) the Latin one before it.
    // Typed text (fields, the confirmation's details) on the full Bengali faces only, their placeholders
    // (the page's wording) on the cuts. The Latin cut draws typed text too: it holds every glyph its
    // characters reach, in any order (font-subset.ts), and a character it lacks falls to the full family
    const bengali = `var(--landing-font),"${SUBSET_FAMILY}",${LATER_FAMILIES}`
    const latinFirst = latin ? `"${LATIN_SUBSET_FAMILY}",` : ""
    const rules =
      `.landing-status,.confirmation{font-family:${bengali}}.landing{font-family:${latinFirst}${bengali}}` +
      `.landing input,.landing textarea{font-family:${latinFirst}var(--landing-font),${LATER_FAMILIES}!important}` +
      `.confirmation__details dd{font-family:var(--landing-font),${LATER_FAMILIES}!important}` +
      `.landing input::placeholder,.landing textarea::placeholder{font-family:${latinFirst}${bengali}}`
    return { preloads, style: `<style>${faces}${rules}</style>`, hash: cut.hash }
  }

  private keep(name: string, file: StaticFile) {
    const old = this.files.get(name)
    if (old) {
      this.files.delete(name)
      this.filesBytes -= old.body.length
    }
    this.files.set(name, file)
    this.filesBytes += file.body.length
    while (this.files.size > 1 && (this.files.size > this.maxFiles || this.filesBytes > this.maxBytes)) {
      const oldest = this.files.keys().next().value as string
      this.filesBytes -= this.files.get(oldest)!.body.length
      this.files.delete(oldest)
    }
  }

  private remember(key: string, cut: CutInfo) {
    this.byRuns.delete(key)
    this.byRuns.set(key, cut)
    // small (a hash and the characters), but bounded all the same
    if (this.byRuns.size > MAX_PAGES) this.byRuns.delete(this.byRuns.keys().next().value as string)
  }

  /** A cut made before (this process or an earlier one): its index file and both faces on disk. */
  private async readIndex(key: string): Promise<CutInfo | null> {
    try {
      const cut = JSON.parse(
        await fs.promises.readFile(path.join(this.cacheDir, `runs-${key}.json`), "utf8")
      ) as CutInfo
      if (typeof cut.hash !== "string" || !Array.isArray(cut.codepoints) || !Array.isArray(cut.weights)) return null
      for (const weight of cut.weights) {
        await fs.promises.access(path.join(this.cacheDir, path.basename(landingFontPath(cut.hash, Number(weight)))))
      }
      // used again: the last the disk's bound removes
      const now = new Date()
      await fs.promises.utimes(path.join(this.cacheDir, `runs-${key}.json`), now, now).catch(() => undefined)
      this.remember(key, cut)
      return cut
    } catch {
      return null
    }
  }

  /** Makes the cut on the worker (one at a time), writes it to disk and keeps it. */
  private make(key: string, spec: CutSpec): Promise<CutInfo | null> {
    const job = this.queue.then(async () => {
      try {
        const fontsKey = spec.kind === "latin" ? `latin:${spec.family}` : "bengali"
        let fonts = this.fonts.get(fontsKey)
        if (!fonts) {
          const files: ReadonlyMap<number, string> = spec.kind === "latin" ? spec.faces : this.options.faces
          fonts = Promise.all(
            [...files].map(
              async ([weight, file]) =>
                [weight, new Uint8Array(await fs.promises.readFile(file))] as [number, Uint8Array]
            )
          )
          // a file that could not be read is read again next time
          fonts.catch(() => this.fonts.delete(fontsKey))
          this.fonts.set(fontsKey, fonts)
        }
        const subset = await this.runJob({ kind: spec.kind, fonts: await fonts, runs: spec.runs })
        await this.write(key, subset)
        return this.byRuns.get(key) ?? null
      } catch (error) {
        this.failed.add(key)
        if (this.failed.size > MAX_PAGES) this.failed.delete(this.failed.values().next().value as string)
        this.logError(`[storefront] landing font cut not made, the full faces are used: ${(error as Error).message}`)
        return null
      }
    })
    this.queue = job
    return job
  }

  private runJob(job: Omit<FontJob, "id">): Promise<Subset> {
    const worker = this.startWorker()
    const id = this.nextJob++
    return new Promise<Subset>((resolve, reject) => {
      this.jobs.set(id, (answer) => ("subset" in answer ? resolve(answer.subset) : reject(new Error(answer.error))))
      worker.send({ id, ...job } satisfies FontJob)
    })
  }

  private startWorker(): ChildProcess {
    if (this.worker) return this.worker
    // TypeScript like the server: run through tsx's loader, whoever started this process
    const worker = fork(fileURLToPath(new URL("./font-worker.ts", import.meta.url)), [], {
      execArgv: ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    })
    // a server stops whatever its worker is doing
    worker.unref()
    worker.channel?.unref()
    worker.on("message", (answer: FontJobAnswer) => {
      const settle = this.jobs.get(answer.id)
      this.jobs.delete(answer.id)
      settle?.(answer)
    })
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null
      for (const [id, settle] of this.jobs) settle({ id, error: `font worker: ${error.message}` })
      this.jobs.clear()
    }
    worker.on("error", fail)
    worker.on("exit", (code) => fail(new Error(`exited with ${code}`)))
    this.worker = worker
    return worker
  }

  private async write(key: string, subset: Subset) {
    await fs.promises.mkdir(this.cacheDir, { recursive: true })
    // each file whole or not at all (a crash mid-write leaves no half font under a good name)
    const writeWhole = async (name: string, body: Buffer | string) => {
      const temporary = path.join(this.cacheDir, `.${name}.${process.pid}.tmp`)
      await fs.promises.writeFile(temporary, body)
      await fs.promises.rename(temporary, path.join(this.cacheDir, name))
    }
    for (const face of subset.faces) {
      const name = path.basename(landingFontPath(subset.hash, face.weight))
      await writeWhole(name, face.woff2)
      this.keep(name, makeFile(face.woff2, "font/woff2"))
    }
    const cut: CutInfo = {
      hash: subset.hash,
      codepoints: subset.codepoints,
      weights: subset.faces.map((face) => face.weight),
    }
    await writeWhole(`runs-${key}.json`, JSON.stringify(cut))
    this.timings.push(subset.ms)
    if (this.timings.length > 20) this.timings.shift()
    this.remember(key, cut)
    await this.pruneDisk().catch((error: Error) =>
      this.logError(`[storefront] landing font cache not pruned: ${error.message}`)
    )
  }

  /**
   * Keeps the disk's cuts to maxDiskCuts: each page edit makes a new cut, and
   * the folder would otherwise grow for ever. The least recently used index
   * files go (their time is touched when a process reads one back), then
   * every face no index left names. Another server sharing the folder that
   * still lists a removed cut makes it again at its next render.
   */
  private async pruneDisk() {
    const names = await fs.promises.readdir(this.cacheDir)
    const indexes = names.filter((name) => /^runs-[0-9a-f]{64}\.json$/.test(name))
    if (indexes.length <= this.maxDiskCuts) return
    const dated = await Promise.all(
      indexes.map(async (name) => ({
        name,
        used: (await fs.promises.stat(path.join(this.cacheDir, name)).catch(() => null))?.mtimeMs ?? 0,
      }))
    )
    dated.sort((a, b) => a.used - b.used)
    const gone = dated.slice(0, dated.length - this.maxDiskCuts)
    for (const { name } of gone) {
      await fs.promises.rm(path.join(this.cacheDir, name), { force: true })
      this.byRuns.delete(name.slice("runs-".length, -".json".length))
    }
    const kept = new Set<string>()
    for (const { name } of dated.slice(gone.length)) {
      const cut = await fs.promises
        .readFile(path.join(this.cacheDir, name), "utf8")
        .then((text) => JSON.parse(text) as CutInfo)
        .catch(() => null)
      if (cut) kept.add(cut.hash)
    }
    for (const name of names) {
      const face = LANDING_FONT_PATH.exec(`/fonts/${name}`)
      if (!face || kept.has(face[1]!)) continue
      await fs.promises.rm(path.join(this.cacheDir, name), { force: true })
      const inMemory = this.files.get(name)
      if (inMemory) {
        this.files.delete(name)
        this.filesBytes -= inMemory.body.length
      }
    }
  }
}

/** The shared runs of every landing page's cut: the landing app's code, the contract, the server's refusals. */
export function sharedLandingRuns(distDir: string, manifest: Record<string, ManifestEntry>): string[] {
  return [...landingAppRuns(distDir, manifest), ...contractRuns(), ...SERVER_TEXTS.flatMap(bengaliRuns)]
}
