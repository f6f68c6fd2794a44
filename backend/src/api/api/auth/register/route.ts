import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { registerCustomerWorkflow } from "#app/workflows/register-customer"
import type { AuthAnswer } from "@shop/contract"
import type { RegisterBody } from "../validators"

export async function POST(req: MedusaRequest<RegisterBody>, res: MedusaResponse) {
  await registerCustomerWorkflow(req.scope).run({ input: req.validatedBody })
  res.status(201).json({ success: true, message: "Registration successful" } satisfies AuthAnswer)
}
