import type { MiddlewareRoute } from "@medusajs/framework/http"

/** Couriers' webhooks: small JSON bodies only (a notification is a few hundred bytes). */
export const courierWebhookMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/courier/*",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [],
  },
]
