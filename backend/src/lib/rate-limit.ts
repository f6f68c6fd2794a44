/**
 * Fixed-window counters kept in this process's memory. Used to slow guessing
 * (failed logins per email and per client address). With several server
 * processes each keeps its own counts; the limits still bound every process.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may now. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key)
    if (!entry) return 0
    const now = this.now()
    if (entry.resetAt <= now) {
      this.hits.delete(key)
      return 0
    }
    return entry.count >= this.limit ? entry.resetAt - now : 0
  }

  hit(key: string): void {
    const now = this.now()
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
      if (this.hits.size > 50_000) this.prune(now)
      return
    }
    entry.count += 1
  }

  reset(key: string): void {
    this.hits.delete(key)
  }

  private prune(now: number) {
    for (const [key, entry] of this.hits) {
      if (entry.resetAt <= now) this.hits.delete(key)
    }
  }
}
