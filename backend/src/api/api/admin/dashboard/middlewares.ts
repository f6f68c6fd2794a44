import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopQuery } from "#app/api/utils/validate"
import { GetDashboardSchema } from "./validators"

// Signed-in admin only: the root /api/admin/* guard runs first.
export const adminDashboardMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/dashboard",
    methods: ["GET"],
    middlewares: [validateShopQuery(GetDashboardSchema)],
  },
]
