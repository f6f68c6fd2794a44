import type { Redis as RedisClient } from "ioredis"
import { PUBLIC_CACHE_CHANNEL, type PublicCacheMessage } from "@shop/contract"
import { throttledWarn } from "./throttled-log"

/**
 * Tells every storefront server (the edge) that something a public page shows
 * changed, so it drops what it cached: a PublicCacheMessage, as JSON, on
 * PUBLIC_CACHE_CHANNEL (Redis pub/sub). Callers publish after the change is
 * committed (the last step of a workflow, a subscriber, a job).
 *
 * - Without REDIS_URL it does nothing (the edge then keeps reads for at most
 *   PUBLIC_CACHE_MAX_AGE_MS). REDIS_URL is read on each call; the connection
 *   is made on the first message and kept.
 * - It never throws and never waits: the caller goes on at once; a Redis
 *   outage only logs, at most once a minute.
 */

/** More product messages than this in one change are sent as one `{ scope: "all" }`. */
const MAX_PRODUCT_MESSAGES = 50

const warn = throttledWarn()
let connection: { url: string; client: RedisClient } | null = null

function redis(): RedisClient | null {
  const url = process.env.REDIS_URL
  if (connection && connection.url !== url) {
    connection.client.disconnect()
    connection = null
  }
  if (!url) return null
  if (!connection) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const IORedis = require("ioredis") as typeof import("ioredis").default
    // a message waits for the connection at most a couple of seconds, then it is dropped and logged
    const client = new IORedis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 2000 })
    client.on("error", (error: Error) =>
      warn(`Public cache: Redis unreachable, edges not told of changes: ${error.message}`)
    )
    connection = { url, client }
  }
  return connection.client
}

/** The messages to send: duplicates dropped, everything as one `all` when one says all or there are too many. */
export function publicCacheMessages(messages: PublicCacheMessage[]): PublicCacheMessage[] {
  const seen = new Map<string, PublicCacheMessage>()
  for (const m of messages) {
    if (m.scope === "all") return [{ scope: "all" }]
    if (m.scope === "landing" && m.slug) seen.set(`landing:${m.slug}`, { scope: "landing", slug: m.slug })
    if (m.scope === "product" && m.id) seen.set(`product:${m.id}`, { scope: "product", id: m.id })
  }
  const list = [...seen.values()]
  return list.filter((m) => m.scope === "product").length > MAX_PRODUCT_MESSAGES ? [{ scope: "all" }] : list
}

/** One product message per id; `null` (the products are not known) is `{ scope: "all" }`. */
export function productChanges(ids: readonly (string | null | undefined)[] | null): PublicCacheMessage[] {
  if (ids === null) return [{ scope: "all" }]
  return ids.filter((id): id is string => !!id).map((id) => ({ scope: "product", id }))
}

/** The messages for landing pages at these slugs (null ones left out), as a workflow's publish step takes them. */
export function landingChanges(...slugs: (string | null | undefined)[]): { messages: PublicCacheMessage[] } {
  return { messages: slugs.filter((slug): slug is string => !!slug).map((slug) => ({ scope: "landing", slug })) }
}

/** Publishes the messages (see above); returns at once and never throws. */
export function publishPublicCache(messages: PublicCacheMessage | PublicCacheMessage[]): void {
  try {
    const list = publicCacheMessages(Array.isArray(messages) ? messages : [messages])
    if (!list.length) return
    const client = redis()
    if (!client) return
    for (const message of list) {
      client
        .publish(PUBLIC_CACHE_CHANNEL, JSON.stringify(message))
        .catch((error: Error) =>
          warn(`Public cache: a change was not published (${JSON.stringify(message)}): ${error.message}`)
        )
    }
  } catch (error) {
    warn(`Public cache: a change was not published: ${(error as Error)?.message ?? error}`)
  }
}

/** Closes the connection (tests, scripts); the next message opens a new one. */
export async function closePublicCache(): Promise<void> {
  const current = connection
  connection = null
  if (current) await current.client.quit().catch(() => current.client.disconnect())
}
