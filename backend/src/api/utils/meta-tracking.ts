import type { MedusaRequest } from "@medusajs/framework/http"
import { clientAddress } from "#app/lib/client-address"
import type { MetaTracking } from "#app/workflows/steps/meta-purchase"
import { metaClickId, metaCookieValue } from "@shop/contract"

/** The longest user agent kept (real ones are a few hundred characters). */
const MAX_USER_AGENT = 512

/** One cookie's value from the request's Cookie header, or null. */
function cookie(req: MedusaRequest, name: string): string | null {
  const header = req.headers.cookie
  if (typeof header !== "string" || header.length > 16_384) return null
  for (const part of header.split(";")) {
    const at = part.indexOf("=")
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim())
      } catch {
        return null
      }
    }
  }
  return null
}

/**
 * What a landing order keeps for its Meta Purchase: the pixel's
 * _fbp and _fbc cookies (fbc built from the page's fbclid when the cookie is
 * missing), the client address as the rate limits see it (src/lib/client-address.ts)
 * and the user agent (bounded). Kept only when the page has a pixel
 * (workflows/steps/meta-purchase.ts); shown to nobody.
 */
export function metaTrackingOf(req: MedusaRequest, body: { fbclid?: string; eventSourceUrl?: string }): MetaTracking {
  const agent = req.headers["user-agent"]
  const userAgent =
    typeof agent === "string"
      ? agent
          .replace(/[^\x20-\x7e\u00a0-\uffff]/g, "")
          .trim()
          .slice(0, MAX_USER_AGENT)
      : ""
  const address = clientAddress(req).replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "")
  return {
    fbp: metaCookieValue(cookie(req, "_fbp")),
    fbc: metaClickId(cookie(req, "_fbc"), body.fbclid),
    client_ip: address && address !== "unknown" ? address : null,
    user_agent: userAgent || null,
    event_source_url: body.eventSourceUrl ?? null,
  }
}
