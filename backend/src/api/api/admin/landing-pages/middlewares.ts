import type { MiddlewareRoute } from "@medusajs/framework/http"
import { receiveImage } from "#app/api/utils/upload"
import { validateShopBody } from "#app/api/utils/validate"
import { CreateLandingPageSchema, UpdateLandingPageSchema } from "./validators"

export const adminLandingPageMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/landing-pages/create",
    methods: ["POST"],
    middlewares: [validateShopBody(CreateLandingPageSchema)],
  },
  {
    matcher: "/api/admin/landing-pages/upload-image",
    methods: ["POST"],
    bodyParser: false,
    middlewares: [receiveImage("my_file")],
  },
  {
    matcher: "/api/admin/landing-pages/:id",
    methods: ["PUT"],
    middlewares: [validateShopBody(UpdateLandingPageSchema)],
  },
]
