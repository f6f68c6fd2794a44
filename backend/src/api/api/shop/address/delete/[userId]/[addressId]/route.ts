import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listShopAddresses } from "#app/read-models/addresses"
import { deleteShopAddressWorkflow } from "#app/workflows/shop-address"
import type { AddressesAnswer, MessageAnswer } from "@shop/contract"

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const { userId, addressId } = req.params
  await deleteShopAddressWorkflow(req.scope).run({ input: { customer_id: userId, address_id: addressId } })
  res.json({
    success: true,
    message: "Address deleted successfully",
    data: await listShopAddresses(req.scope, userId),
  } satisfies AddressesAnswer & MessageAnswer)
}
