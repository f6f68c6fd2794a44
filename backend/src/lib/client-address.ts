import type { IncomingMessage } from "http"
import proxyaddr from "proxy-addr"

/**
 * Who is asking, for rate limits: the socket's address, unless TRUST_PROXY
 * names the proxies whose X-Forwarded-For may be believed ("loopback" for the
 * storefront server on the same machine, or a comma-separated list of
 * addresses/CIDRs). Medusa sets Express's `trust proxy` to 1, so `req.ip`
 * would believe any client's forged header; this does not.
 */
const setting = process.env.TRUST_PROXY?.trim()
if (setting && /^(1|true|yes|0|false|no)$/i.test(setting)) {
  // the storefront server reads TRUST_PROXY the same way and refuses the same values
  throw new Error(`TRUST_PROXY names the proxies in front (e.g. loopback or 10.0.0.0/8), not yes/no; got "${setting}"`)
}
const trusted = setting ? proxyaddr.compile(setting.split(",").map((s) => s.trim())) : null

export function clientAddress(req: IncomingMessage): string {
  return trusted ? proxyaddr(req, trusted) : (req.socket.remoteAddress ?? "unknown")
}
