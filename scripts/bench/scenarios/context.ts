/**
 * What every scenario of `npm run bench` is handed: the running stack, the
 * admin's session, the landing page's product, and two recorders, one for
 * load figures (warm-up, run, ratio to a baseline) and one for the servers'
 * resident memory after each phase. Both append to lists the report prints
 * and writes as they are.
 */
import { readdirSync, readFileSync } from "node:fs"
import { runLoad, type BenchStack, type LoadResult } from "../lib"

export const say = (line: string) => console.log(`[bench] ${line}`)
export const round1 = (n: number) => Math.round(n * 10) / 10
export const round3 = (n: number) => Math.round(n * 1000) / 1000

/** One load figure as bench.json's `figures` hold it. */
export type Figure = LoadResult & {
  name: string
  connections: number
  baseline?: string
  ratio?: number
  ordersPerSecond?: number
}

/** The backends' memory after a phase: rssMB all backends together, serverMB the largest (the goal is per server), storefrontMB its server's group. */
export type MemorySample = { after: string; rssMB: number; serverMB: number; processes: number; storefrontMB?: number }

export type Measure = (
  name: string,
  opts: Parameters<typeof runLoad>[0] & { connections: number },
  baseline?: { name: string; figure: Figure; orders?: boolean }
) => Promise<Figure>

export type BenchContext = {
  stack: BenchStack
  /** The seeded admin's session cookie. */
  cookie: string
  /** The product the landing page sells: every order and the flash sale buy it. */
  productId: string
  measure: Measure
  sample: (after: string) => void
}

/**
 * A Measure that appends to `figures`: 2 s of warm-up (not kept, no body
 * check), then the run; against a baseline, the ratio of req/s (of orders/s
 * with `orders`) to the baseline's.
 */
export function recordFigures(figures: Figure[]): Measure {
  return async (name, opts, baseline) => {
    say(`${name}: warming up...`)
    await runLoad({ ...opts, duration: 2, amount: undefined, verifyBody: undefined })
    say(`${name}: ${opts.connections} connections for ${opts.duration} s...`)
    const r = await runLoad(opts)
    const ordersPerSecond = round1((r.statusCodes["201"] ?? 0) / Math.max(r.seconds, 0.001))
    const figure: Figure = { name, ...r, connections: opts.connections, ordersPerSecond }
    if (baseline) {
      const mine = baseline.orders ? ordersPerSecond : r.rps
      const theirs = baseline.orders ? (baseline.figure.ordersPerSecond ?? 0) : baseline.figure.rps
      figure.baseline = baseline.name
      figure.ratio = theirs > 0 ? round3(mine / theirs) : 0
    }
    figures.push(figure)
    say(
      `${name}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, codes ${JSON.stringify(r.statusCodes)}, ` +
        `errors ${r.errors}${figure.ratio !== undefined ? `, ratio to ${figure.baseline} ${figure.ratio}` : ""}`
    )
    return figure
  }
}

/** Resident memory (VmRSS) of every process in the backends' process groups, in MB. */
export function groupRssMB(pgids: number[]): { mb: number; processes: number; maxServerMB: number } {
  let kb = 0
  let processes = 0
  const perGroup = new Map<number, number>()
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (!pgids.includes(Number(fields[2]))) continue // state ppid pgrp ...
      const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${name}/status`, "utf8"))
      if (match) {
        kb += Number(match[1])
        processes++
        perGroup.set(Number(fields[2]), (perGroup.get(Number(fields[2])) ?? 0) + Number(match[1]))
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return { mb: round1(kb / 1024), processes, maxServerMB: round1(Math.max(0, ...perGroup.values()) / 1024) }
}

/** A recorder of the stack's memory after a phase, appending to `memory` and saying it. */
export function memorySampler(stack: BenchStack, servers: number, memory: MemorySample[]): (after: string) => void {
  return (after) => {
    const m = groupRssMB(stack.backendPids)
    const storefrontMB = stack.storefrontPid ? groupRssMB([stack.storefrontPid]).mb : undefined
    memory.push({
      after,
      rssMB: m.mb,
      serverMB: m.maxServerMB,
      processes: m.processes,
      ...(storefrontMB !== undefined ? { storefrontMB } : {}),
    })
    say(
      `backend RSS after ${after}: ${m.mb} MB (${m.processes} process${m.processes === 1 ? "" : "es"}` +
        `${servers > 1 ? `, largest ${m.maxServerMB} MB` : ""})` +
        `${storefrontMB !== undefined ? `; storefront ${storefrontMB} MB` : ""}`
    )
  }
}
