import { createHash, timingSafeEqual } from "node:crypto"

/**
 * EDGE_SECRET: shared by the backend and every storefront server (the edge,
 * @shop/contract edge.ts). Read on each call, never cached. Unset or empty:
 * edge features are off (the header is ignored, edge routes are refused).
 */
export function edgeSecret(): string | null {
  return process.env.EDGE_SECRET || null
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()

/**
 * What a request's EDGE_SECRET_HEADER proves: `off` (no EDGE_SECRET here),
 * `none` (no header), `valid` or `wrong`. Compared in constant time over
 * digests of equal length, so neither the secret's length nor its content
 * leaks through timing.
 */
export function edgeProof(header: string | string[] | undefined): "off" | "none" | "valid" | "wrong" {
  const secret = edgeSecret()
  if (!secret) return "off"
  if (header === undefined || header === "") return "none"
  if (typeof header !== "string") return "wrong" // the header sent twice
  return timingSafeEqual(digest(header), digest(secret)) ? "valid" : "wrong"
}
