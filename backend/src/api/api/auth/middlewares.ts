import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody } from "../../utils/validate"
import { LoginSchema, RegisterSchema } from "./validators"

export const authMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/auth/register", methods: ["POST"], middlewares: [validateShopBody(RegisterSchema)] },
  { matcher: "/api/auth/login", methods: ["POST"], middlewares: [validateShopBody(LoginSchema)] },
]
