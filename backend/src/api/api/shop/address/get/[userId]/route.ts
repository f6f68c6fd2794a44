import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listShopAddresses } from "#app/read-models/addresses"
import type { AddressesAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ success: true, data: await listShopAddresses(req.scope, req.params.userId) } satisfies AddressesAnswer)
}
