import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { convertLandingDraftWorkflow } from "#app/workflows/landing-draft"
import type { MessageAnswer, OrderAnswer } from "@shop/contract"

/**
 * Turns an open draft into a cash-on-delivery order through the landing order
 * workflow (stock rules hold: 409 when sold out) and marks it converted.
 * 400 when it has no name or address, 404 unknown, 409 no longer open.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await convertLandingDraftWorkflow(req.scope).run({ input: { draft_id: req.params.id } })
  res.status(201).json({
    success: true,
    message: `Order ${result.order_number} created from the incomplete order`,
    data: result.view,
  } satisfies OrderAnswer & MessageAnswer)
}
