import type { MiddlewareRoute } from "@medusajs/framework/http"
import { checkIdempotencyKey } from "#app/api/utils/idempotency"
import { validateShopBody, validateShopQuery } from "#app/api/utils/validate"
import {
  AllOrdersQuerySchema,
  BookCourierSchema,
  BookCouriersSchema,
  BulkStatusSchema,
  ManualOrderSchema,
  OrderExportSchema,
  PhoneViewQuerySchema,
  PrintOrdersSchema,
  ReturnedUnitsSchema,
  ConfirmationSchema,
  UpdateOrderStatusSchema,
} from "./validators"

export const adminOrderMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/order/manual",
    methods: ["POST"],
    middlewares: [checkIdempotencyKey, validateShopBody(ManualOrderSchema)],
  },
  {
    matcher: "/api/admin/order/phone-view",
    methods: ["GET"],
    middlewares: [validateShopQuery(PhoneViewQuerySchema)],
  },
  {
    matcher: "/api/admin/order/print",
    methods: ["POST"],
    middlewares: [validateShopBody(PrintOrdersSchema)],
  },
  {
    matcher: "/api/admin/order/bulk-status",
    methods: ["PUT"],
    middlewares: [validateShopBody(BulkStatusSchema)],
  },
  {
    matcher: "/api/admin/order/export",
    methods: ["POST"],
    middlewares: [validateShopBody(OrderExportSchema)],
  },
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
