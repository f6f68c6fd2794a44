import { isMetaPixelId, META_PIXEL_ID_MESSAGE } from "@shop/contract"

/**
 * Meta's settings a process refuses to start with: a META_PIXEL_ID
 * that is no pixel id (5 to 20 digits), a META_GRAPH_URL that is no http(s)
 * address. medusa-config.ts calls it, like SHOP_SUPPORT_PHONE's check, so a
 * typo is named at start-up instead of silently sending nothing. The token
 * (META_CAPI_TOKEN) is never echoed.
 */
export function checkMetaEnv(env: NodeJS.ProcessEnv = process.env): void {
  const pixel = env.META_PIXEL_ID?.trim()
  if (pixel && !isMetaPixelId(pixel)) {
    throw new Error(`META_PIXEL_ID must be empty or a pixel id: ${META_PIXEL_ID_MESSAGE}`)
  }
  const graph = env.META_GRAPH_URL?.trim()
  if (graph && !/^https?:\/\/[^\s/]+/i.test(graph)) {
    throw new Error(`META_GRAPH_URL must be an http(s) address like https://graph.facebook.com; got "${graph}"`)
  }
}
