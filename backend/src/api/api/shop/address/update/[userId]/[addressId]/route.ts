import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listShopAddresses } from "../../../../../../../read-models/addresses"
import { updateShopAddressWorkflow } from "../../../../../../../workflows/shop-address"
import type { UpdateAddressBody } from "../../../validators"

export async function PUT(req: MedusaRequest<UpdateAddressBody>, res: MedusaResponse) {
  const { userId, addressId } = req.params
  await updateShopAddressWorkflow(req.scope).run({
    input: { customer_id: userId, address_id: addressId, fields: req.validatedBody },
  })
  res.json({
    success: true,
    message: "Address updated successfully",
    data: await listShopAddresses(req.scope, userId),
  })
}
