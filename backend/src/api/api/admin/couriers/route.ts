import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { CourierChoice, DataAnswer } from "@shop/contract"
import { courierChoices } from "#app/read-models/couriers"
import { noCache } from "#app/api/utils/session"

/** The couriers and whether each is set up (a courier without its settings names the variables it needs). */
export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  const answer: DataAnswer<CourierChoice[]> = { success: true, data: courierChoices() }
  noCache(res)
  res.json(answer)
}
