import { execFileSync } from "node:child_process"
import { randomUUID } from "node:crypto"

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

/**
 * Whether a Redis answers at `url`, decided before the tests are defined (Jest
 * chooses `it` or `it.skip` at collection time, so the probe is synchronous:
 * a child Node process sends PING and exits 0 on "+PONG").
 */
function redisAnswers(url: string): boolean {
  const probe = `
    const { hostname, port } = new URL(process.argv[1])
    const socket = require("node:net").connect({ host: hostname, port: Number(port || 6379) })
    const give = (code) => { socket.destroy(); process.exit(code) }
    socket.setTimeout(1000, () => give(1))
    socket.once("error", () => give(1))
    socket.once("connect", () => socket.write("PING\\r\\n"))
    socket.on("data", (data) => give(/^(\\+PONG|-NOAUTH)/.test(String(data)) ? 0 : 1))
  `
  try {
    execFileSync(process.execPath, ["-e", probe, url], { stdio: "ignore", timeout: 5000 })
    return true
  } catch {
    return false
  }
}

const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const withRedis = redisAnswers(redisUrl) ? it : it.skip

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

  it("reads its limit from the environment at first use (a test or script may set it after the module loaded), else the default", async () => {
    const { limiter } = load(undefined)
    const configured = limiter(`t-${randomUUID()}`, "TEST_LIMIT_X", 5, 60_000)
    const fallback = limiter(`t-${randomUUID()}`, "TEST_LIMIT_UNSET", 2, 60_000)
    process.env.TEST_LIMIT_X = "1"
    try {
      expect([await configured.take("k"), (await configured.take("k")) > 0]).toEqual([0, true])
      expect(configured.limit).toBe(1)
    } finally {
      delete process.env.TEST_LIMIT_X
    }
    // read once: a later change of the variable does not move a limit in use
    expect(configured.limit).toBe(1)
    expect([await fallback.take("k"), await fallback.take("k"), (await fallback.take("k")) > 0]).toEqual([0, 0, true])
  })

  it("falls back to memory when Redis cannot be reached (still limits)", async () => {
    const { limiter } = load("redis://127.0.0.1:1")
    const l = limiter(`t-${randomUUID()}`, "UNSET", 1, 60_000)
    expect(await l.take("k")).toBe(0)
    expect(await l.take("k")).toBeGreaterThan(0)
    expect(await l.retryAfter("k")).toBeGreaterThan(0)
  })

  withRedis(
    `with REDIS_URL (${redisUrl}): two server processes share one count (skipped without a Redis)`,
    async () => {
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
    }
  )
})
