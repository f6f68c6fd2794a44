import { logger } from "@medusajs/framework/logger"

/**
 * A warning that repeats (Redis down, a misconfigured edge) is logged at most
 * once per `intervalMs`, with how many were left out since the last one, so an
 * outage cannot flood the log.
 */
export function throttledWarn(intervalMs = 60_000): (message: string) => void {
  let last = 0
  let skipped = 0
  return (message: string) => {
    const now = Date.now()
    if (now - last < intervalMs) {
      skipped += 1
      return
    }
    last = now
    logger.warn(skipped ? `${message} (${skipped} more like it not logged)` : message)
    skipped = 0
  }
}
