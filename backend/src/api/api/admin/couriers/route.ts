import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { courierChoices } from "#app/read-models/couriers"
import type { CourierChoicesAnswer } from "@shop/contract"

/** The couriers and whether each is set up (a courier without its settings names the variables it needs). */
export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: courierChoices() } satisfies CourierChoicesAnswer
  noCache(res)
  res.json(answer)
}
