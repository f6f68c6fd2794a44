import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache, sessionActor, signOut } from "#app/api/utils/session"
import { loadShopUser } from "#app/read-models/users"
import type { AuthAnswer } from "@shop/contract"

/**
 * Every page of a guest asks who is signed in, so "no one" is an answer, not
 * an error: 200 with success false and no user (a 401 would be a red line in
 * every guest's console). A session whose user is gone is ended first.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  noCache(res)
  const actor = sessionActor(req)
  const user = actor ? await loadShopUser(req.scope, actor) : null
  if (!user) {
    if (actor) await signOut(req, res)
    res.json({ success: false, user: null } satisfies AuthAnswer)
    return
  }
  res.json({ success: true, user } satisfies AuthAnswer)
}
