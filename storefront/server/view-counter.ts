/**
 * Landing views counted at the edge: every landing page this
 * server serves adds one to its slug here; once a second the counts go to the
 * backend in one batch (EDGE_VIEWS_PATH, one SQL statement there). A failed
 * batch is added back and sent with the next one; `stop()` sends what is left,
 * so a graceful stop loses nothing and a crash at most the last second's.
 */
export type SendViews = (views: Record<string, number>) => Promise<void>

export class ViewCounter {
  private pending = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private sending: Promise<void> | null = null

  constructor(
    private readonly send: SendViews,
    private readonly options: { intervalMs: number; maxSlugsPerBatch: number; logError: (message: string) => void }
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs)
    this.timer.unref()
  }

  count(slug: string): void {
    this.pending.set(slug, (this.pending.get(slug) ?? 0) + 1)
  }

  /** Views counted and not yet written. */
  get unsent(): number {
    let total = 0
    for (const n of this.pending.values()) total += n
    return total
  }

  /** Sends what is counted (one batch at a time; a flush during a send waits for it, then sends the rest). */
  async flush(): Promise<void> {
    while (this.sending) await this.sending
    if (this.pending.size === 0) return
    const batch = new Map<string, number>()
    for (const [slug, n] of this.pending) {
      if (batch.size >= this.options.maxSlugsPerBatch) break
      batch.set(slug, n)
    }
    for (const slug of batch.keys()) this.pending.delete(slug)
    this.sending = this.send(Object.fromEntries(batch)).catch((error: Error) => {
      for (const [slug, n] of batch) this.pending.set(slug, (this.pending.get(slug) ?? 0) + n)
      this.options.logError(`[storefront] landing views not written yet (${error.message}); kept for the next batch`)
    })
    try {
      await this.sending
    } finally {
      this.sending = null
    }
  }

  private stopping: Promise<void> | null = null

  /** Stops the timer and writes everything counted (retrying a failed batch a few times); one stop for every caller. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.timer) clearInterval(this.timer)
      this.timer = undefined
      for (let attempt = 0; attempt < 5 && this.pending.size > 0; attempt++) {
        const before = this.unsent
        await this.flush()
        if (this.unsent >= before) await new Promise((resolve) => setTimeout(resolve, 200))
      }
    })()
    return this.stopping
  }
}
