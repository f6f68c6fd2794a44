import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody, validateShopQuery } from "#app/api/utils/validate"
import { ProductCostSchema, ProfitPeriodSchema, ProfitSettingsSchema } from "./validators"

// Signed-in admin only: the root /api/admin/* guard runs first.
export const adminProfitMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/profit", methods: ["GET"], middlewares: [validateShopQuery(ProfitPeriodSchema)] },
  { matcher: "/api/admin/profit/export", methods: ["GET"], middlewares: [validateShopQuery(ProfitPeriodSchema)] },
  { matcher: "/api/admin/profit/settings", methods: ["PUT"], middlewares: [validateShopBody(ProfitSettingsSchema)] },
  {
    matcher: "/api/admin/profit/costs/:productId",
    methods: ["PUT"],
    middlewares: [validateShopBody(ProductCostSchema)],
  },
]
