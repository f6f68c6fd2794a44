/**
 * Pages rendered at the edge: /landing/{slug}, /, /shop/list and
 * /shop/product/{id} leave the storefront server as HTML holding their content,
 * head tags and the data the app hydrates with.
 *
 * A page is rendered once per version of the data it shows: the render notes
 * every public read it made (path and version) and the HTML is kept with
 * them; a later visit re-reads those paths from the shared cache (a map
 * look-up while fresh) and re-renders only when one changed. Renders of one
 * page are coalesced.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import fs from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import type { CachedAnswer, PublicCache } from "./public-cache"

/** What dist-ssr/entry-server.js exports (src/entry-server.tsx). */
export type Renderer = {
  setPublicReader(reader: (path: string) => Promise<unknown>): void
  serializeState(state: unknown): string
  SSR_STATE_ID: string
  renderLandingPage(
    path: string,
    page: unknown,
    origin: string,
    /** the answer's `pictures` (older builds take no such argument) */
    pictures?: unknown
  ): { status: 200 | 404; html: string; head: string; state: unknown }
  renderShopPage(
    href: string,
    origin: string
  ): Promise<{ status: 200 | 404; html: string; head: string; state: unknown } | null>
  /** The address a shop page is kept and linked under (only what the app reads); absent in older builds. */
  shopPageKey?(href: string): string
}

export async function loadRenderer(ssrDir: string): Promise<Renderer | null> {
  const entry = path.join(ssrDir, "entry-server.js")
  if (!fs.existsSync(entry)) return null
  return (await import(pathToFileURL(entry).href)) as Renderer
}

export type RenderedPage = {
  status: 200 | 404
  /** The document: the template with the head, the app's HTML and its state filled in. */
  html: string
  /** The public reads it was made from: path -> version. */
  deps: Map<string, string>
  /** The landing page's data (for view counting and its policy), when it is one. */
  landing?: { slug: string; page: LandingLike | null }
}

/** What the server itself reads of a landing page's data (the renderer gets all of it). */
export type LandingLike = { slug: string; metaPixelId?: string | null }

export class PublicReadError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

/** The JSON of a public read, or a PublicReadError with its status (the sdk's error shape). */
export function answerJson(answer: CachedAnswer): unknown {
  let body: unknown
  try {
    body = JSON.parse(answer.body.toString("utf8"))
  } catch {
    throw new PublicReadError(502, "The backend answered something that is not JSON")
  }
  if (answer.status >= 400) {
    const message = (body as { message?: unknown } | null)?.message
    throw new PublicReadError(answer.status, typeof message === "string" ? message : `HTTP ${answer.status}`)
  }
  return body
}

/** Fills a page template (index.html, landing.html) with a render. */
export function fillTemplate(template: string, parts: { head: string; html: string; state: string }): string {
  return template
    .replace("<!--SHOP_HEAD-->", parts.head)
    .replace("<!--SHOP_APP-->", parts.html)
    .replace("<!--SHOP_STATE-->", parts.state)
}

type Slot = { rendered?: RenderedPage; rendering?: Promise<RenderedPage> }

/**
 * Keeps rendered pages by URL and tells whether one is still current; `read`
 * is the shared cache's read, noting the page's sources.
 */
/** What a kept page costs in memory, about: its HTML as a string (2 bytes a character) and as the bytes sent. */
const pageBytes = (page: RenderedPage) => page.html.length * 2 + Buffer.byteLength(page.html)

export class PageCache {
  private readonly slots = new Map<string, Slot>()
  private readonly deps = new AsyncLocalStorage<Map<string, string>>()
  /** The kept pages' memory, about (pageBytes). */
  private kept = 0

  /** At most `maxEntries` pages and `maxBytes` of them are kept, least recently used going first. */
  constructor(
    private readonly cache: PublicCache,
    private readonly maxEntries: number,
    private readonly maxBytes = 64 * 1024 * 1024
  ) {}

  get size(): number {
    return this.slots.size
  }

  get bytes(): number {
    return this.kept
  }

  private evict(): void {
    while (this.slots.size > 1 && (this.slots.size > this.maxEntries || this.kept > this.maxBytes)) {
      const oldest = this.slots.keys().next().value as string
      const rendered = this.slots.get(oldest)?.rendered
      if (rendered) this.kept -= pageBytes(rendered)
      this.slots.delete(oldest)
    }
  }

  /** A read made during a render (or `given`, read by the caller): noted as one of the page's sources. */
  async read(path: string, given?: CachedAnswer): Promise<CachedAnswer> {
    const answer = given ?? (await this.cache.get(path))
    this.deps.getStore()?.set(path, answer.version)
    return answer
  }

  /**
   * The page for `key`: the kept render while its sources are unchanged, else
   * a new one (coalesced). `known`: sources just read by the caller (their
   * versions), checked as they are instead of through the cache.
   */
  async get(
    key: string,
    render: () => Promise<Omit<RenderedPage, "deps">>,
    known?: Map<string, string>
  ): Promise<RenderedPage> {
    let slot = this.slots.get(key)
    if (slot) this.slots.delete(key)
    slot ??= {}
    this.slots.set(key, slot)
    this.evict()

    const kept = slot.rendered
    if (kept && (await this.current(kept, known))) return kept
    if (!slot.rendering) {
      const current = slot
      current.rendering = (async () => {
        const deps = new Map<string, string>()
        const page = await this.deps.run(deps, render)
        const rendered: RenderedPage = { ...page, deps }
        // kept only while its slot is: an evicted slot's render is answered, not kept
        if (this.slots.get(key) === current) {
          this.kept += pageBytes(rendered) - (current.rendered ? pageBytes(current.rendered) : 0)
          current.rendered = rendered
          this.evict()
        }
        return rendered
      })().finally(() => {
        current.rendering = undefined
      })
    }
    return slot.rendering!
  }

  private async current(page: RenderedPage, known?: Map<string, string>): Promise<boolean> {
    if (page.deps.size === 0) return false
    const deps = [...page.deps]
    const versions = await Promise.all(
      deps.map(async ([dep]) => known?.get(dep) ?? (await this.cache.get(dep)).version)
    )
    return versions.every((version, i) => version === deps[i]![1])
  }
}
