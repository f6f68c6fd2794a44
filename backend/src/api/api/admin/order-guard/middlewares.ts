import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody } from "#app/api/utils/validate"
import { BlocklistSchema, GuardRulesSchema } from "./validators"

export const adminOrderGuardMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/order-guard/rules", methods: ["PUT"], middlewares: [validateShopBody(GuardRulesSchema)] },
  { matcher: "/api/admin/order-guard/blocklist", methods: ["POST"], middlewares: [validateShopBody(BlocklistSchema)] },
]
