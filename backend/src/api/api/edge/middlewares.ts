import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireEdge } from "#app/api/utils/edge"
import { validateShopBody } from "#app/api/utils/validate"
import { EDGE_VIEWS_PATH } from "@shop/contract"
import { EdgeViewsSchema } from "./validators"

export const edgeMiddlewares: MiddlewareRoute[] = [
  // Only a storefront server (EDGE_SECRET), checked before anything else.
  { matcher: "/api/edge/*", middlewares: [requireEdge] },
  {
    // 500 slugs of 100 characters with their counts fit in 64 KB
    matcher: EDGE_VIEWS_PATH,
    methods: ["POST"],
    bodyParser: { sizeLimit: "64kb" },
    middlewares: [validateShopBody(EdgeViewsSchema)],
  },
]
