import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { edgeProof } from "#app/lib/edge-secret"
import { throttledWarn } from "#app/lib/throttled-log"
import { EDGE_SECRET_HEADER } from "@shop/contract"

const warnWrongSecret = throttledWarn()

/**
 * A read from a storefront server that counts views itself: the request
 * carries EDGE_SECRET in EDGE_SECRET_HEADER. A wrong secret is a shopper's
 * read like any other (counted, never refused: a misconfigured edge must not
 * take landing pages down); it is logged, at most once a minute.
 */
export function isEdgeRead(req: MedusaRequest): boolean {
  const proof = edgeProof(req.headers[EDGE_SECRET_HEADER])
  if (proof === "wrong") {
    warnWrongSecret(
      `A request carried a wrong ${EDGE_SECRET_HEADER}: answered as a shopper's read (is EDGE_SECRET the same on the storefront server?)`
    )
  }
  return proof === "valid"
}

/**
 * Routes only a storefront server may call (EDGE_VIEWS_PATH): 401 without the
 * header, 403 for a wrong secret, and 403 while EDGE_SECRET is not set on the
 * backend (edge features off). Checked before the body is looked at.
 */
export function requireEdge(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const proof = edgeProof(req.headers[EDGE_SECRET_HEADER])
  if (proof === "valid") return next()
  if (proof === "off") {
    return next(
      new MedusaError(
        MedusaError.Types.FORBIDDEN,
        "Edge counting is off: EDGE_SECRET is not set on the backend, which counts each landing view itself"
      )
    )
  }
  if (proof === "none") {
    return next(
      new MedusaError(
        MedusaError.Types.UNAUTHORIZED,
        `Only a storefront server may call this: send EDGE_SECRET in ${EDGE_SECRET_HEADER}`
      )
    )
  }
  return next(
    new MedusaError(MedusaError.Types.FORBIDDEN, `Wrong ${EDGE_SECRET_HEADER}: it must equal the backend's EDGE_SECRET`)
  )
}
