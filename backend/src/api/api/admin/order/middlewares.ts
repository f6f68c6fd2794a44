import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody } from "../../../utils/validate"
import { UpdateOrderStatusSchema } from "./validators"

export const adminOrderMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/order/update-order-status",
    methods: ["PUT"],
    middlewares: [validateShopBody(UpdateOrderStatusSchema)],
  },
]
