/**
 * Loaded by `medusa start` before the server is created (Medusa's hook for
 * process-wide instrumentation). Here it installs the security headers every
 * response carries (src/lib/security-headers.ts).
 */
import { installSecurityHeaders } from "./src/lib/security-headers"

export function register() {
  installSecurityHeaders()
}
