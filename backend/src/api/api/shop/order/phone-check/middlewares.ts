import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody } from "#app/api/utils/validate"
import { PhoneCodeSchema } from "./validators"

export const phoneCheckMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/shop/order/phone-check/:orderId/verify",
    methods: ["POST"],
    middlewares: [validateShopBody(PhoneCodeSchema)],
  },
]
