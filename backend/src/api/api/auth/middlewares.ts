import type { MiddlewareRoute } from "@medusajs/framework/http"
import { limits } from "../../../lib/rate-limit"
import { rateLimited, tryAgainIn } from "../../utils/rate-limit"
import { validateShopBody } from "../../utils/validate"
import { LoginSchema, RegisterSchema } from "./validators"

export const authMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/auth/register",
    methods: ["POST"],
    middlewares: [
      validateShopBody(RegisterSchema),
      // registrations per client address (src/lib/rate-limit.ts)
      rateLimited((_req, address) => [[limits.registrationsByAddress, address]], tryAgainIn("registrations from this network")),
    ],
  },
  { matcher: "/api/auth/login", methods: ["POST"], middlewares: [validateShopBody(LoginSchema)] },
]
