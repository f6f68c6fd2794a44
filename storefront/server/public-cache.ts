/**
 * The storefront server's shared cache of public reads: the landing
 * page, a product, the listing. Every visitor gets the same answer, so one
 * backend read serves them all.
 *
 * - Freshness: an answer younger than `freshMs` is served as is; one younger
 *   than `maxAgeMs` (the contract's PUBLIC_CACHE_MAX_AGE_MS, 2 s) is served
 *   while a fresh read runs in the background; an older one waits for the
 *   fresh read. So nothing served, stock included, is older than `maxAgeMs`.
 * - Coalescing: one backend read per path at a time, whoever asks.
 * - `drop()` forgets everything at once (the merchant changed something; see
 *   serve.ts: Redis messages, and proxy.ts: writes passing through this server).
 * - Bounded: at most `maxEntries` paths and `maxBytes` of answers (least
 *   recently used go first), and only small answers are kept: a flood of
 *   distinct paths costs at most that much memory.
 * - `version` is a hash of the answer: the page renderer re-renders a page's
 *   HTML only when the data it was made from changed.
 */
import { createHash } from "node:crypto"

export type CachedAnswer = {
  status: number
  body: Buffer
  contentType: string
  version: string
  fetchedAt: number
}

export type FetchAnswer = (path: string) => Promise<Omit<CachedAnswer, "version" | "fetchedAt">>

type Slot = { answer?: CachedAnswer; loading?: Promise<CachedAnswer>; generation: number }

const MAX_BODY_BYTES = 2 * 1024 * 1024

export class PublicCache {
  private readonly slots = new Map<string, Slot>()
  private generation = 0
  /** The kept answers' bodies, in bytes. */
  private kept = 0

  private readonly options: {
    freshMs: number
    maxAgeMs: number
    maxEntries: number
    maxBytes: number
    now?: () => number
  }

  constructor(
    private readonly fetchAnswer: FetchAnswer,
    options: { freshMs: number; maxAgeMs: number; maxEntries: number; maxBytes?: number; now?: () => number }
  ) {
    // fresh can never mean older than the most a read may be
    this.options = { maxBytes: 32 * 1024 * 1024, ...options, freshMs: Math.min(options.freshMs, options.maxAgeMs) }
  }

  /** The bytes of the answers kept now. */
  get bytes(): number {
    return this.kept
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now()
  }

  /** The answer for `path`, at most `maxAgeMs` old. `bypass`: always a new backend read (coalesced with none). */
  get(path: string, options: { bypass?: boolean } = {}): Promise<CachedAnswer> {
    if (options.bypass) return this.load(path, this.slotOf(path), false)
    const slot = this.slotOf(path)
    const answer = slot.answer
    if (answer && slot.generation === this.generation) {
      const age = this.now() - answer.fetchedAt
      if (age < this.options.freshMs) return Promise.resolve(answer)
      if (age < this.options.maxAgeMs) {
        this.refresh(path, slot).catch(() => undefined)
        return Promise.resolve(answer)
      }
    }
    return this.refresh(path, slot)
  }

  /** Forgets every answer: the next read of each path waits for the backend. */
  drop(): void {
    this.generation++
    this.slots.clear()
    this.kept = 0
  }

  get size(): number {
    return this.slots.size
  }

  private slotOf(path: string): Slot {
    let slot = this.slots.get(path)
    if (slot) {
      // most recently used last
      this.slots.delete(path)
    } else {
      slot = { generation: this.generation }
    }
    this.slots.set(path, slot)
    this.evict()
    return slot
  }

  /** Least recently used first, until within both bounds (the path just used stays). */
  private evict(): void {
    while (this.slots.size > 1 && (this.slots.size > this.options.maxEntries || this.kept > this.options.maxBytes)) {
      const oldest = this.slots.keys().next().value as string
      this.kept -= this.slots.get(oldest)?.answer?.body.length ?? 0
      this.slots.delete(oldest)
    }
  }

  private refresh(path: string, slot: Slot): Promise<CachedAnswer> {
    if (slot.loading && slot.generation === this.generation) return slot.loading
    const loading = this.load(path, slot, true)
    slot.loading = loading
    slot.generation = this.generation
    return loading
  }

  private async load(path: string, slot: Slot, keepLoading: boolean): Promise<CachedAnswer> {
    const generation = this.generation
    const startedAt = this.now()
    try {
      const fetched = await this.fetchAnswer(path)
      const answer: CachedAnswer = {
        ...fetched,
        version: createHash("sha1")
          .update(String(fetched.status))
          .update(fetched.body)
          .digest("base64url")
          .slice(0, 20),
        // the age counts from when the read began: the backend's state may be that old
        fetchedAt: startedAt,
      }
      // a drop() during the read: the answer may predate the change, so it is not kept
      const cacheable = fetched.body.length <= MAX_BODY_BYTES && (fetched.status === 200 || fetched.status === 404)
      // a read that began earlier than the kept answer's does not replace it
      const newer = !slot.answer || slot.answer.fetchedAt <= answer.fetchedAt
      if (generation === this.generation && cacheable && newer && this.slots.get(path) === slot) {
        this.kept += answer.body.length - (slot.answer?.body.length ?? 0)
        slot.answer = answer
        this.evict()
      }
      return answer
    } finally {
      if (keepLoading && slot.loading && slot.generation === generation) slot.loading = undefined
    }
  }
}
