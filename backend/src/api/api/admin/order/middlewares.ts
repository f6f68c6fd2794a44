import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody, validateShopQuery } from "#app/api/utils/validate"
import {
  AllOrdersQuerySchema,
  BookCourierSchema,
  BookCouriersSchema,
  ReturnedUnitsSchema,
  ConfirmationSchema,
  UpdateOrderStatusSchema,
} from "./validators"

export const adminOrderMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/order/all-orders",
    methods: ["GET"],
    middlewares: [validateShopQuery(AllOrdersQuerySchema)],
  },
  {
    matcher: "/api/admin/order/update-order-status",
    methods: ["PUT"],
    middlewares: [validateShopBody(UpdateOrderStatusSchema)],
  },
  {
    matcher: "/api/admin/order/courier",
    methods: ["POST"],
    middlewares: [validateShopBody(BookCouriersSchema)],
  },
  {
    matcher: "/api/admin/order/:orderId/courier",
    methods: ["POST"],
    middlewares: [validateShopBody(BookCourierSchema)],
  },
  {
    matcher: "/api/admin/order/:orderId/courier/returned",
    methods: ["POST"],
    middlewares: [validateShopBody(ReturnedUnitsSchema)],
  },
  {
    matcher: "/api/admin/order/:orderId/confirmation",
    methods: ["POST"],
    middlewares: [validateShopBody(ConfirmationSchema)],
  },
]
