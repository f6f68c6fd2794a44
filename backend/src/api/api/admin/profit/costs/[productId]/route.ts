import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache, sessionActor } from "#app/api/utils/session"
import { productCostView } from "#app/read-models/profit"
import { setProductCostWorkflow } from "#app/workflows/profit"
import type { MessageAnswer, ProductCostAnswer } from "@shop/contract"
import type { ProductCostBody } from "../../validators"

/** A product's cost price now and its history, newest first. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = {
    success: true,
    data: await productCostView(req.scope, req.params.productId),
  } satisfies ProductCostAnswer
  noCache(res)
  res.json(answer)
}

/** Its cost price from now on; orders placed before keep theirs. */
export async function PUT(req: MedusaRequest<ProductCostBody>, res: MedusaResponse) {
  await setProductCostWorkflow(req.scope).run({
    input: {
      product_id: req.params.productId,
      cost: req.validatedBody.cost,
      created_by: sessionActor(req)?.actor_id ?? null,
    },
  })
  const answer = {
    success: true,
    message: "Cost price saved",
    data: await productCostView(req.scope, req.params.productId),
  } satisfies ProductCostAnswer & MessageAnswer
  res.json(answer)
}
