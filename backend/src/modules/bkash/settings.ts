import { BKASH_SETTINGS } from "@shop/contract"

/**
 * bKash's settings, read from the environment when a call is made (a changed
 * variable needs no rebuild; bKash without all of them is simply "not set
 * up" and the shop is cash on delivery only). The names are the contract's
 * BKASH_SETTINGS; these values never reach a browser, a log or an answer.
 */
export type BkashSettings = {
  baseUrl: string
  appKey: string
  appSecret: string
  username: string
  password: string
  timeoutMs: number
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? ""

/** The variables bKash still needs (empty: set up). */
export function missingBkashSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  const missing = BKASH_SETTINGS.filter((name) => value(env, name) === "")
  if (!missing.includes("BKASH_BASE_URL") && !/^https?:\/\/[^\s/]+/i.test(value(env, "BKASH_BASE_URL"))) {
    missing.push("BKASH_BASE_URL")
  }
  return missing
}

/** How long bKash may take to answer, in ms (BKASH_TIMEOUT_MS, default 15 s: execute can be slow). */
export function bkashTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.BKASH_TIMEOUT_MS)
  return Number.isFinite(ms) && ms > 0 ? ms : 15_000
}

export function bkashSettings(env: NodeJS.ProcessEnv = process.env): BkashSettings | null {
  if (missingBkashSettings(env).length) return null
  return {
    baseUrl: value(env, "BKASH_BASE_URL").replace(/\/+$/, ""),
    appKey: value(env, "BKASH_APP_KEY"),
    appSecret: value(env, "BKASH_APP_SECRET"),
    username: value(env, "BKASH_USERNAME"),
    password: value(env, "BKASH_PASSWORD"),
    timeoutMs: bkashTimeoutMs(env),
  }
}
