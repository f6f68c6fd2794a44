import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopQuery } from "#app/api/utils/validate"
import { IncompleteOrdersQuerySchema } from "./validators"

// Signed-in admin only: the root /api/admin/* guard runs first.
export const adminIncompleteOrderMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/incomplete-orders",
    methods: ["GET"],
    middlewares: [validateShopQuery(IncompleteOrdersQuerySchema)],
  },
]
