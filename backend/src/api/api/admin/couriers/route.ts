import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { CourierChoicesAnswer } from "@shop/contract"
import { courierChoices } from "#app/read-models/couriers"
import { noCache } from "#app/api/utils/session"

/** The couriers and whether each is set up (a courier without its settings names the variables it needs). */
export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: courierChoices() } satisfies CourierChoicesAnswer
  noCache(res)
  res.json(answer)
}
