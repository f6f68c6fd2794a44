import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache, signOut } from "#app/api/utils/session"
import type { MessageAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  noCache(res)
  await signOut(req, res)
  res.json({ success: true, message: "Logged out successfully!" } satisfies MessageAnswer)
}
