/**
 * The Meta pixel of a landing page, loaded only when the page names
 * one (its own, else the shop's META_PIXEL_ID): PageView on load and, when an
 * order is placed, "Lead" with the order number as its event id. Never
 * "Purchase": the server sends that once the order is confirmed or delivered
 * (Meta keeps the first event of a name and id, so a browser Purchase would
 * teach the ads to find fake orders). Meta's script itself loads only on a
 * page with a pixel.
 */
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string; push?: Fbq }

declare global {
  interface Window {
    fbq?: Fbq
    _fbq?: Fbq
  }
}

const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js"

/** Meta's snippet, as a module: a queue fbevents.js takes over once it has loaded. */
function ensureFbq(): Fbq {
  if (window.fbq) return window.fbq
  const fbq: Fbq = (...args: unknown[]) => {
    fbq.queue!.push(args)
  }
  fbq.queue = []
  fbq.loaded = true
  fbq.version = "2.0"
  fbq.push = fbq
  window.fbq = fbq
  window._fbq ??= fbq
  const script = document.createElement("script")
  script.async = true
  script.src = PIXEL_SCRIPT
  document.head.appendChild(script)
  return fbq
}

const initialised = new Set<string>()

export function startMetaPixel(pixelId: string): void {
  const fbq = ensureFbq()
  if (initialised.has(pixelId)) return
  initialised.add(pixelId)
  fbq("init", pixelId)
  fbq("track", "PageView")
}

/** The order went through: a Lead, deduplicated by Meta on the order number. */
export function trackLead(pixelId: string, orderNumber: string, value: number): void {
  startMetaPixel(pixelId)
  window.fbq!("trackSingle", pixelId, "Lead", { value, currency: "BDT" }, { eventID: orderNumber })
}
