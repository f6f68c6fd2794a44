import { isMetaPixelId } from "@shop/contract"

/**
 * The shop's Meta settings from the environment, read when they are used (a
 * changed variable needs no rebuild):
 * - META_PIXEL_ID: the pixel of landing pages that name none;
 * - META_CAPI_TOKEN: the Conversions API access token (server only: never
 *   answered, never logged);
 * - META_GRAPH_URL (default https://graph.facebook.com), META_GRAPH_VERSION
 *   (default v21.0): where events go;
 * - META_TIMEOUT_MS (default 10000): how long Meta may take to answer;
 * - META_TEST_EVENT_CODE: Events Manager's "Test events" code, while checking a set-up.
 */
export const META_GRAPH_DEFAULT_URL = "https://graph.facebook.com"
export const META_GRAPH_DEFAULT_VERSION = "v21.0"

export type MetaGraphSettings = {
  graphUrl: string
  version: string
  token: string
  timeoutMs: number
  testEventCode: string | null
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? ""

/** META_PIXEL_ID when it is a pixel id (5 to 20 digits), else null. */
export function defaultMetaPixelId(env: NodeJS.ProcessEnv = process.env): string | null {
  const id = value(env, "META_PIXEL_ID")
  return isMetaPixelId(id) ? id : null
}

/** Whether the Conversions API token is set (nothing is sent without it). */
export function metaTokenSet(env: NodeJS.ProcessEnv = process.env): boolean {
  return value(env, "META_CAPI_TOKEN") !== ""
}

/** Where and how events are sent; null without a token. */
export function metaGraphSettings(env: NodeJS.ProcessEnv = process.env): MetaGraphSettings | null {
  const token = value(env, "META_CAPI_TOKEN")
  if (!token) return null
  const version = value(env, "META_GRAPH_VERSION") || META_GRAPH_DEFAULT_VERSION
  const timeout = Number(value(env, "META_TIMEOUT_MS"))
  return {
    graphUrl: (value(env, "META_GRAPH_URL") || META_GRAPH_DEFAULT_URL).replace(/\/+$/, ""),
    version: version.startsWith("v") ? version : `v${version}`,
    token,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000,
    testEventCode: value(env, "META_TEST_EVENT_CODE") || null,
  }
}
