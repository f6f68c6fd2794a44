import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody } from "#app/api/utils/validate"
import { PaymentRulesSchema } from "./validators"

export const adminPaymentMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/payment/rules", methods: ["PUT"], middlewares: [validateShopBody(PaymentRulesSchema)] },
]
