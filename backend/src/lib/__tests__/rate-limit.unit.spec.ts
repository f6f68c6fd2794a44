import { randomUUID } from "node:crypto"
import net from "node:net"

type RateLimitModule = typeof import("../rate-limit")

/** The module loaded afresh with REDIS_URL as given (it picks its store on first use). */
function load(redisUrl: string | undefined): RateLimitModule {
  const saved = process.env.REDIS_URL
  if (redisUrl) process.env.REDIS_URL = redisUrl
  else delete process.env.REDIS_URL
  let mod: RateLimitModule | undefined
  jest.isolateModules(() => {
    mod = require("../rate-limit")
  })
  if (saved === undefined) delete process.env.REDIS_URL
  else process.env.REDIS_URL = saved
  return mod!
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(500)
    socket.once("connect", () => (socket.destroy(), resolve(true)))
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => (socket.destroy(), resolve(false)))
  })
}

describe("rate limits", () => {
  it("in memory: counts attempts per key in a fixed window", () => {
    let now = 1_000
    const { RateLimiter } = load(undefined)
    const limiter = new RateLimiter(2, 60_000, () => now)
    expect([limiter.take("a"), limiter.take("a")]).toEqual([0, 0])
    expect(limiter.take("a")).toBe(60_000)
    expect(limiter.retryAfter("a")).toBe(60_000)
    expect(limiter.take("b")).toBe(0) // other keys are not affected
    now += 30_000
    expect(limiter.retryAfter("a")).toBe(30_000)
    now += 30_000
    expect(limiter.retryAfter("a")).toBe(0) // the window is over
    expect(limiter.take("a")).toBe(0)
    limiter.reset("a")
    expect(limiter.retryAfter("a")).toBe(0)
  })

  it("reads its limit from the environment, else the default", async () => {
    process.env.TEST_LIMIT_X = "1"
    const { limiter } = load(undefined)
    const configured = limiter(`t-${randomUUID()}`, "TEST_LIMIT_X", 5, 60_000)
    const fallback = limiter(`t-${randomUUID()}`, "TEST_LIMIT_UNSET", 2, 60_000)
    delete process.env.TEST_LIMIT_X
    expect([await configured.take("k"), (await configured.take("k")) > 0]).toEqual([0, true])
    expect([await fallback.take("k"), await fallback.take("k"), (await fallback.take("k")) > 0]).toEqual([0, 0, true])
  })

  it("falls back to memory when Redis cannot be reached (still limits)", async () => {
    const { limiter } = load("redis://127.0.0.1:1")
    const l = limiter(`t-${randomUUID()}`, "UNSET", 1, 60_000)
    expect(await l.take("k")).toBe(0)
    expect(await l.take("k")).toBeGreaterThan(0)
    expect(await l.retryAfter("k")).toBeGreaterThan(0)
  })

  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379"
  it("with REDIS_URL: two server processes share one count (skipped without a Redis)", async () => {
    if (!(await reachable(redisUrl))) {
      console.warn(`no Redis at ${redisUrl}: the shared-count case is not exercised`)
      return
    }
    // two copies of the module stand for two server processes
    const a = load(redisUrl)
    const b = load(redisUrl)
    const name = `t-${randomUUID()}`
    const onA = a.limiter(name, "UNSET", 3, 60_000)
    const onB = b.limiter(name, "UNSET", 3, 60_000)
    expect(await onA.take("phone:01812345678")).toBe(0)
    expect(await onB.take("phone:01812345678")).toBe(0)
    expect(await onA.take("phone:01812345678")).toBe(0)
    const wait = await onB.take("phone:01812345678")
    expect(wait).toBeGreaterThan(55_000)
    expect(wait).toBeLessThanOrEqual(60_000)
    expect(await onA.retryAfter("phone:01812345678")).toBeGreaterThan(0)
    await onA.reset("phone:01812345678")
    expect(await onB.retryAfter("phone:01812345678")).toBe(0)
    expect(await onB.take("phone:01812345678")).toBe(0)
    await onB.reset("phone:01812345678")
  })
})
