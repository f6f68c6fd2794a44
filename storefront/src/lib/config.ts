/**
 * Runtime configuration, read and validated once when the app starts.
 *
 * Production: the storefront server serves /shop-config.js, which sets
 * `window.__SHOP_CONFIG__ = { publishableKey, supportPhone? }` before the app bundle runs.
 * `vite dev`: that script is absent, so the key comes from VITE_MEDUSA_PUBLISHABLE_KEY
 * and the support phone from VITE_SHOP_SUPPORT_PHONE.
 * The key may be empty: the shop's own /api routes do not need it.
 */

import { DEFAULT_SUPPORT_PHONE, normalizeSupportPhone } from "@shop/contract"

// The support phone's default, rule and tel: link are the contract's (also the backend's, for the admin).
export { DEFAULT_SUPPORT_PHONE, telHref } from "@shop/contract"

export type ShopConfig = {
  readonly shopName: string
  /** Medusa publishable API key ("pk_..."), or "" when none is configured. */
  readonly publishableKey: string
  /** Customer-support phone line shown on the landing and confirmation pages (SPEC 1). */
  readonly supportPhone: string
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "ConfigError"
  }
}

export const SHOP_NAME = "Deshi Bazar"

const PUBLISHABLE_KEY_PATTERN = /^pk_[A-Za-z0-9_-]+$/

function validateKey(value: unknown, source: string): string {
  if (value === undefined || value === null) return ""
  if (typeof value !== "string") {
    throw new ConfigError(`${source}: publishableKey must be a string`)
  }
  const key = value.trim()
  if (key !== "" && !PUBLISHABLE_KEY_PATTERN.test(key)) {
    throw new ConfigError(`${source}: publishableKey must look like "pk_..."`)
  }
  return key
}

function validatePhone(value: unknown, source: string): string {
  if (value === undefined || value === null) return ""
  if (typeof value !== "string") {
    throw new ConfigError(`${source}: supportPhone must be a string`)
  }
  // "" when blank (the next source or DEFAULT_SUPPORT_PHONE applies), null when not a phone number
  const phone = normalizeSupportPhone(value)
  if (phone === null) {
    throw new ConfigError(`${source}: supportPhone must be a phone number like "01700-000000" or "+8801700000000"`)
  }
  return phone
}

/**
 * Pure so it can be tested: `injected` is window.__SHOP_CONFIG__, `envKey` and
 * `envSupportPhone` the Vite env vars of `vite dev`.
 */
export function readConfig(
  injected: unknown,
  envKey: string | undefined,
  envSupportPhone?: string | undefined
): ShopConfig {
  if (injected !== undefined && (injected === null || typeof injected !== "object")) {
    throw new ConfigError("window.__SHOP_CONFIG__ must be an object")
  }
  const fields = (injected ?? {}) as Record<string, unknown>
  const injectedKey = validateKey(fields.publishableKey, "window.__SHOP_CONFIG__")
  const publishableKey = injectedKey || validateKey(envKey, "VITE_MEDUSA_PUBLISHABLE_KEY")
  const supportPhone =
    validatePhone(fields.supportPhone, "window.__SHOP_CONFIG__") ||
    validatePhone(envSupportPhone, "VITE_SHOP_SUPPORT_PHONE") ||
    DEFAULT_SUPPORT_PHONE
  return Object.freeze({ shopName: SHOP_NAME, publishableKey, supportPhone })
}

// globalThis: the window in a browser; in the storefront server, which renders
// pages too, the server sets the same values there before loading the app.
export const config: ShopConfig = readConfig(
  (globalThis as { __SHOP_CONFIG__?: unknown }).__SHOP_CONFIG__,
  import.meta.env.VITE_MEDUSA_PUBLISHABLE_KEY,
  import.meta.env.VITE_SHOP_SUPPORT_PHONE
)
