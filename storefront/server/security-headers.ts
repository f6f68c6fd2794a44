/**
 * The security headers of the storefront's answers: the Content-Security-Policy
 * of the pages and files it serves itself, and the headers every answer gets,
 * the backend's passed through included.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Product images are admin-supplied URLs on any host (the File module's own URLs included).
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ")

/**
 * A landing page with a Meta pixel loads Meta's script, which sends
 * its events to facebook.com: the policy names those two origins, on those
 * pages only.
 */
export const META_PIXEL_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' https://connect.facebook.net"
).replace("connect-src 'self'", "connect-src 'self' https://www.facebook.com https://connect.facebook.net")

export const BASE_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const

/** Headers of every response the storefront itself produces. */
export const OWN_HEADERS = { ...BASE_SECURITY_HEADERS, "Content-Security-Policy": CONTENT_SECURITY_POLICY }
