import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadShopUser } from "#app/read-models/users"
import { noCache, sessionActor, signOut } from "#app/api/utils/session"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  noCache(res)
  const actor = sessionActor(req)
  const user = actor ? await loadShopUser(req.scope, actor) : null
  if (!user) {
    if (actor) await signOut(req, res)
    res.status(401).json({ success: false, message: "Unauthorised user!" })
    return
  }
  res.json({ success: true, user })
}
