import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteShopProductWorkflow } from "#app/workflows/shop-product"
import type { MessageAnswer } from "@shop/contract"

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await deleteShopProductWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({ success: true, message: "Product deleted successfully" } satisfies MessageAnswer)
}
