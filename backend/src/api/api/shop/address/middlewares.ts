import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireSelfOrAdmin } from "#app/api/utils/guards"
import { validateShopBody } from "#app/api/utils/validate"
import { AddAddressSchema, UpdateAddressSchema } from "./validators"

export const addressMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/shop/address/add",
    methods: ["POST"],
    middlewares: [requireSelfOrAdmin("body"), validateShopBody(AddAddressSchema)],
  },
  {
    matcher: "/api/shop/address/update/:userId/:addressId",
    methods: ["PUT"],
    middlewares: [requireSelfOrAdmin(), validateShopBody(UpdateAddressSchema)],
  },
  { matcher: "/api/shop/address/delete/:userId/:addressId", methods: ["DELETE"], middlewares: [requireSelfOrAdmin()] },
  { matcher: "/api/shop/address/get/:userId", methods: ["GET"], middlewares: [requireSelfOrAdmin()] },
]
