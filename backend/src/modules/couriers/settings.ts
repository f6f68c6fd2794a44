import { COURIER_SETTINGS, type CourierProvider } from "@shop/contract"
import { courierTimeoutMs } from "./http"

/**
 * Each courier's settings, read from the environment when a call is made (so a
 * changed variable needs no rebuild, and a courier without its settings is
 * simply "not set up"). The variable names are the contract's COURIER_SETTINGS.
 */

export const STEADFAST_DEFAULT_URL = "https://portal.packzy.com/api/v1"
export const PATHAO_DEFAULT_URL = "https://api-hermes.pathao.com"

export type SteadfastSettings = {
  baseUrl: string
  apiKey: string
  secretKey: string
  webhookToken: string
  timeoutMs: number
}
export type PathaoSettings = {
  baseUrl: string
  clientId: string
  clientSecret: string
  username: string
  password: string
  storeId: number
  webhookSecret: string
  timeoutMs: number
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? ""
const baseUrl = (configured: string, fallback: string) => (configured || fallback).replace(/\/+$/, "")

/** The variables a courier still needs (empty: set up). */
export function missingCourierSettings(provider: CourierProvider, env: NodeJS.ProcessEnv = process.env): string[] {
  const missing = COURIER_SETTINGS[provider].filter((name) => value(env, name) === "")
  if (provider === "pathao" && !missing.includes("PATHAO_STORE_ID") && !/^\d+$/.test(value(env, "PATHAO_STORE_ID"))) {
    missing.push("PATHAO_STORE_ID")
  }
  return missing
}

export function steadfastSettings(env: NodeJS.ProcessEnv = process.env): SteadfastSettings | null {
  if (missingCourierSettings("steadfast", env).length) return null
  return {
    baseUrl: baseUrl(value(env, "STEADFAST_BASE_URL"), STEADFAST_DEFAULT_URL),
    apiKey: value(env, "STEADFAST_API_KEY"),
    secretKey: value(env, "STEADFAST_SECRET_KEY"),
    webhookToken: value(env, "STEADFAST_WEBHOOK_TOKEN"),
    timeoutMs: courierTimeoutMs(env),
  }
}

export function pathaoSettings(env: NodeJS.ProcessEnv = process.env): PathaoSettings | null {
  if (missingCourierSettings("pathao", env).length) return null
  return {
    baseUrl: baseUrl(value(env, "PATHAO_BASE_URL"), PATHAO_DEFAULT_URL),
    clientId: value(env, "PATHAO_CLIENT_ID"),
    clientSecret: value(env, "PATHAO_CLIENT_SECRET"),
    username: value(env, "PATHAO_USERNAME"),
    password: value(env, "PATHAO_PASSWORD"),
    storeId: Number(value(env, "PATHAO_STORE_ID")),
    webhookSecret: value(env, "PATHAO_WEBHOOK_SECRET"),
    timeoutMs: courierTimeoutMs(env),
  }
}

/** The secret a courier's webhook must present (STEADFAST_WEBHOOK_TOKEN, PATHAO_WEBHOOK_SECRET); "" when unset: every call is refused. */
export function courierWebhookSecret(provider: "steadfast" | "pathao", env: NodeJS.ProcessEnv = process.env): string {
  return value(env, provider === "steadfast" ? "STEADFAST_WEBHOOK_TOKEN" : "PATHAO_WEBHOOK_SECRET")
}
