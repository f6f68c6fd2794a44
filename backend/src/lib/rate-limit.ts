import { MedusaError } from "@medusajs/framework/utils"
import type { Redis as RedisClient } from "ioredis"
import { positiveFromEnv } from "./env"

/**
 * Fixed-window counters that slow abuse: failed logins, registrations and
 * orders per client address, per email, per phone.
 *
 * With REDIS_URL set the counts live in Redis (one INCR + PEXPIRE per hit), so
 * every server process shares them and a client cannot spread its attempts
 * over servers; otherwise they live in this process's memory. If Redis cannot
 * be reached the limiter falls back to memory for that call: a limit that
 * counts a little less is better than a shop that refuses every order.
 */
export interface Limiter {
  readonly name: string
  readonly limit: number
  readonly windowMs: number
  /** Milliseconds until `key` may try again; 0 when it may now. */
  retryAfter(key: string): Promise<number>
  /** Counts one attempt. */
  hit(key: string): Promise<void>
  /** Counts one attempt and answers how long to wait if it was over the limit (0 when allowed). */
  take(key: string): Promise<number>
  /** Gives back one attempt counted by `take` or `hit` (a login that turned out right). */
  release(key: string): Promise<void>
  reset(key: string): Promise<void>
}

/** The in-memory counters (also the fallback of the Redis ones). */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now
  ) {}

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

  /** Counts one attempt; returns the count in the window and when the window ends. */
  hit(key: string): { count: number; resetAt: number } {
    const now = this.now()
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + this.windowMs }
      this.hits.set(key, fresh)
      if (this.hits.size > 50_000) this.prune(now)
      return fresh
    }
    entry.count += 1
    return entry
  }

  take(key: string): number {
    const { count, resetAt } = this.hit(key)
    return count > this.limit ? Math.max(1, resetAt - this.now()) : 0
  }

  release(key: string): void {
    const entry = this.hits.get(key)
    if (entry && entry.count > 0) entry.count -= 1
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

const REDIS_URL = process.env.REDIS_URL
let redis: RedisClient | null | undefined

/** One shared connection to REDIS_URL's Redis, or null without it. */
function redisClient(): RedisClient | null {
  if (redis !== undefined) return redis
  const url = REDIS_URL
  if (!url) return (redis = null)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const IORedis = require("ioredis") as typeof import("ioredis").default
  // a command waits for the connection at most a second, then the call falls back
  redis = new IORedis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 1000 })
  redis.on("error", () => undefined) // each call falls back on its own
  return redis
}

const RELEASE_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return n`

class SharedLimiter implements Limiter {
  private memoryLimiter: RateLimiter | null = null

  constructor(
    readonly name: string,
    private readonly readLimit: () => number,
    readonly windowMs: number
  ) {}

  /** Read from the environment on first use, not when the module loads (a test or a script sets it first). */
  get limit(): number {
    return this.memory.limit
  }

  private get memory(): RateLimiter {
    return (this.memoryLimiter ??= new RateLimiter(this.readLimit(), this.windowMs))
  }

  private key(key: string) {
    return `shop:rate:${this.name}:${key}`
  }

  async retryAfter(key: string): Promise<number> {
    const client = redisClient()
    if (client) {
      try {
        const [[, count], [, ttl]] = (await client.multi().get(this.key(key)).pttl(this.key(key)).exec()) as [
          [unknown, string | null],
          [unknown, number],
        ]
        return Number(count ?? 0) >= this.limit && ttl > 0 ? ttl : 0
      } catch {
        // fall through to memory
      }
    }
    return this.memory.retryAfter(key)
  }

  private async count(key: string): Promise<{ count: number; waitMs: number }> {
    const client = redisClient()
    if (client) {
      try {
        const k = this.key(key)
        const [[, count], , [, ttl]] = (await client
          .multi()
          .incr(k)
          .pexpire(k, this.windowMs, "NX")
          .pttl(k)
          .exec()) as [[unknown, number], unknown, [unknown, number]]
        return { count, waitMs: Math.max(1, ttl) }
      } catch {
        // fall through to memory
      }
    }
    const { count, resetAt } = this.memory.hit(key)
    return { count, waitMs: Math.max(1, resetAt - Date.now()) }
  }

  async hit(key: string): Promise<void> {
    await this.count(key)
  }

  async take(key: string): Promise<number> {
    const { count, waitMs } = await this.count(key)
    return count > this.limit ? waitMs : 0
  }

  async release(key: string): Promise<void> {
    const client = redisClient()
    if (client) {
      try {
        // never below zero, and never re-creating a key that expired meanwhile
        await client.eval(RELEASE_SCRIPT, 1, this.key(key))
        return
      } catch {
        // fall through to memory
      }
    }
    this.memory.release(key)
  }

  async reset(key: string): Promise<void> {
    const client = redisClient()
    if (client) await client.del(this.key(key)).catch(() => undefined)
    this.memory.reset(key)
  }
}

/**
 * At most `limit` distinct members (phones) per group (a client address) in a
 * fixed window: a member already counted in the window is always let through,
 * a new one over the limit is not (and is not kept, so the set stays bounded).
 */
export interface DistinctLimiter {
  readonly name: string
  readonly limit: number
  readonly windowMs: number
  /** Counts `member` in `group`; answers how long to wait when it is a new member over the limit (0 when allowed). */
  take(group: string, member: string): Promise<number>
  reset(group: string): Promise<void>
}

/** The in-memory sets (also the fallback of the Redis ones). */
export class DistinctCounter {
  private readonly groups = new Map<string, { members: Set<string>; resetAt: number }>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now
  ) {}

  take(group: string, member: string): number {
    const now = this.now()
    let entry = this.groups.get(group)
    if (!entry || entry.resetAt <= now) {
      entry = { members: new Set(), resetAt: now + this.windowMs }
      this.groups.set(group, entry)
      if (this.groups.size > 50_000) this.prune(now)
    }
    if (entry.members.has(member)) return 0
    if (entry.members.size >= this.limit) return Math.max(1, entry.resetAt - now)
    entry.members.add(member)
    return 0
  }

  reset(group: string): void {
    this.groups.delete(group)
  }

  private prune(now: number) {
    for (const [group, entry] of this.groups) {
      if (entry.resetAt <= now) this.groups.delete(group)
    }
  }
}

// one round trip: a member over the limit is taken out again, so the set never holds more than the limit
const DISTINCT_SCRIPT = `if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
if redis.call('SCARD', KEYS[1]) > tonumber(ARGV[2]) then
  redis.call('SREM', KEYS[1], ARGV[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then return ttl end
  return 1
end
redis.call('PEXPIRE', KEYS[1], ARGV[3], 'NX')
return 0`

class SharedDistinctLimiter implements DistinctLimiter {
  private memoryCounter: DistinctCounter | null = null

  constructor(
    readonly name: string,
    private readonly readLimit: () => number,
    readonly windowMs: number
  ) {}

  get limit(): number {
    return this.memory.limit
  }

  private get memory(): DistinctCounter {
    return (this.memoryCounter ??= new DistinctCounter(this.readLimit(), this.windowMs))
  }

  private key(group: string) {
    return `shop:distinct:${this.name}:${group}`
  }

  async take(group: string, member: string): Promise<number> {
    const client = redisClient()
    if (client) {
      try {
        return Number(
          await client.eval(DISTINCT_SCRIPT, 1, this.key(group), member, String(this.limit), String(this.windowMs))
        )
      } catch {
        // fall through to memory
      }
    }
    return this.memory.take(group, member)
  }

  async reset(group: string): Promise<void> {
    const client = redisClient()
    if (client) await client.del(this.key(group)).catch(() => undefined)
    this.memory.reset(group)
  }
}

/** At most `limit` distinct members per group and `windowMs`, read from the environment variable `envName` when set. */
export function distinctLimiter(name: string, envName: string, limit: number, windowMs: number): DistinctLimiter {
  return new SharedDistinctLimiter(name, () => positiveFromEnv(envName, limit), windowMs)
}

/** A limit of `limit` attempts per `windowMs`, read from the environment variable `envName` when set. */
export function limiter(name: string, envName: string, limit: number, windowMs: number): Limiter {
  return new SharedLimiter(name, () => positiveFromEnv(envName, limit), windowMs)
}

const MINUTE = 60_000

/**
 * Every limit of the shop, in one place (README "Settings"). Password
 * guesses are counted before they are checked and given back when they were
 * right (src/api/utils/guesses.ts), so parallel guesses cannot outrun them.
 */
export const limits = {
  // an email's failures from anyone: it shuts to browsers it has not signed in from (src/api/utils/guesses.ts)
  failedLoginsByEmail: limiter("login-email", "LOGIN_LIMIT_PER_EMAIL", 5, 15 * MINUTE),
  // an email's failures from one client address: that client is shut out, whatever browser it claims
  failedLoginsByEmailFromAddress: limiter("login-email-address", "LOGIN_LIMIT_PER_EMAIL", 5, 15 * MINUTE),
  failedLoginsByAddress: limiter("login-address", "LOGIN_LIMIT_PER_ADDRESS", 20, 15 * MINUTE),
  registrationsByAddress: limiter("register-address", "REGISTER_LIMIT_PER_ADDRESS", 20, 60 * MINUTE),
  ordersByAddress: limiter("order-address", "ORDER_LIMIT_PER_ADDRESS", 30, MINUTE),
  ordersByPhone: limiter("order-phone", "ORDER_LIMIT_PER_PHONE", 3, MINUTE),
  // incomplete orders: a landing form saves as the shopper types (debounced) and on leaving
  draftSavesByAddress: limiter("draft-address", "DRAFT_SAVE_LIMIT_PER_ADDRESS", 120, MINUTE),
  draftsByPhone: limiter("draft-phone", "DRAFT_LIMIT_PER_PHONE", 30, MINUTE),
  // the drafts one address can start: each phone is a row in the merchant's list that staff will call
  draftPhonesByAddress: distinctLimiter("draft-phones-address", "DRAFT_LIMIT_PER_ADDRESS", 20, 60 * MINUTE),
  // Medusa's /store carts: every cart and line is a row kept until it expires (jobs/expire-carts.ts)
  cartsByAddress: limiter("cart-address", "CART_LIMIT_PER_ADDRESS", 30, 60 * MINUTE),
  lineItemWritesByAddress: limiter("line-item-address", "LINE_ITEM_LIMIT_PER_ADDRESS", 300, 60 * MINUTE),
  // text messages the shop's forms make one phone receive (order placed, phone codes): never a way to flood a number
  smsByPhone: limiter("sms-phone", "SMS_LIMIT_PER_PHONE", 5, 60 * MINUTE),
  // phone codes one client address can have sent, and codes it can type
  phoneCodesByAddress: limiter("phone-code-address", "PHONE_CODE_LIMIT_PER_ADDRESS", 10, 60 * MINUTE),
  phoneCodeTriesByAddress: limiter("phone-code-try-address", "PHONE_CODE_TRIES_PER_ADDRESS", 30, 15 * MINUTE),
}

/** The error type of a refusal over a limit: the doors answer it 429 with Retry-After (src/api/utils/shop-errors.ts). */
export const TOO_MANY_REQUESTS = "too_many_requests"

/** A refusal over a limit: 429 with `message`, and Retry-After the given seconds (else the doors' default). */
export function tooManyRequests(message: string, retryAfterSeconds?: number): MedusaError {
  const error = new MedusaError(TOO_MANY_REQUESTS, message)
  return retryAfterSeconds ? Object.assign(error, { retry_after_seconds: retryAfterSeconds }) : error
}

/** How many whole minutes to wait (at least 1), rounded up. */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / MINUTE))
}
