import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listShopAddresses } from "#app/read-models/addresses"
import { addShopAddressWorkflow } from "#app/workflows/shop-address"
import type { AddressesAnswer, MessageAnswer } from "@shop/contract"
import type { AddAddressBody } from "../validators"

export async function POST(req: MedusaRequest<AddAddressBody>, res: MedusaResponse) {
  const { userId, ...fields } = req.validatedBody
  await addShopAddressWorkflow(req.scope).run({ input: { customer_id: userId, fields } })
  res.status(201).json({
    success: true,
    message: "Address added successfully",
    data: await listShopAddresses(req.scope, userId),
  } satisfies AddressesAnswer & MessageAnswer)
}
