import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { noCache, sessionActor } from "#app/api/utils/session"
import { blocklist } from "#app/read-models/order-guard"
import { addBlocklistEntryWorkflow } from "#app/workflows/order-guard"
import { normalizeBdPhone, type BlocklistAnswer, type BlocklistEntry, type BlocklistEntryAnswer } from "@shop/contract"
import type { BlocklistBody } from "../validators"

/** The blocklist, newest first. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await blocklist(req.scope) } satisfies BlocklistAnswer
  noCache(res)
  res.json(answer)
}

/** Blocklists a phone (any way a Bangladeshi mobile number is written) or a client address, with a reason. */
export async function POST(req: MedusaRequest<BlocklistBody>, res: MedusaResponse) {
  const { kind, reason } = req.validatedBody
  const value = kind === "phone" ? normalizeBdPhone(req.validatedBody.value) : req.validatedBody.value.trim()
  if (!value) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Not a Bangladeshi mobile number (01XXXXXXXXX)")
  const { result } = await addBlocklistEntryWorkflow(req.scope).run({
    input: { kind, value, reason: reason.trim(), created_by: sessionActor(req)?.actor_id ?? null },
  })
  const entry = result as {
    id: string
    kind: BlocklistEntry["kind"]
    value: string
    reason: string
    created_at: Date | string
  }
  res.status(201).json({
    success: true,
    message: "Blocklisted",
    data: {
      id: entry.id,
      kind: entry.kind,
      value: entry.value,
      reason: entry.reason,
      createdAt: new Date(entry.created_at).toISOString(),
    },
  } satisfies BlocklistEntryAnswer)
}
