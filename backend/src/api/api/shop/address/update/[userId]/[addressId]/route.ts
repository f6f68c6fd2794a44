import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { UpdateAddressBody } from "#app/api/api/shop/address/validators"
import { listShopAddresses } from "#app/read-models/addresses"
import { updateShopAddressWorkflow } from "#app/workflows/shop-address"
import type { AddressesAnswer, MessageAnswer } from "@shop/contract"

export async function PUT(req: MedusaRequest<UpdateAddressBody>, res: MedusaResponse) {
  const { userId, addressId } = req.params
  await updateShopAddressWorkflow(req.scope).run({
    input: { customer_id: userId, address_id: addressId, fields: req.validatedBody },
  })
  res.json({
    success: true,
    message: "Address updated successfully",
    data: await listShopAddresses(req.scope, userId),
  } satisfies AddressesAnswer & MessageAnswer)
}
