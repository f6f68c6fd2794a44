import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { openApiDocument } from "../../openapi"

export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  res.json(openApiDocument())
}
