/**
 * The font worker: a child process (font-store.ts forks it through tsx) that
 * makes landing fonts' cuts (font-subset.ts), so shaping, hb-subset and
 * woff2's brotli (about a second of WebAssembly for a new page, several on its
 * first) never hold up the server's event loop. One job at a time, in the
 * order asked. A process, not a worker thread: Node 20 runs no TypeScript in
 * a worker thread through tsx.
 */
import { makeLatinSubset, makeSubset, type Subset } from "./font-subset"

/** A cut to make: of the Bengali faces, or of one Latin family's (fonts: woff2 by weight). */
export type FontJob = { id: number; kind: "bengali" | "latin"; fonts: [number, Uint8Array][]; runs: string[] }
export type FontJobAnswer = { id: number; subset: Subset } | { id: number; error: string }

if (process.send) {
  process.on("message", (job: FontJob) => {
    const made =
      job.kind === "latin" ? makeLatinSubset(new Map(job.fonts), job.runs) : makeSubset(new Map(job.fonts), job.runs)
    made.then(
      (subset) => process.send!({ id: job.id, subset } satisfies FontJobAnswer),
      (error: Error) => process.send!({ id: job.id, error: error.message } satisfies FontJobAnswer)
    )
  })
  // the server is gone: so is its worker
  process.on("disconnect", () => process.exit(0))
}
