import type { MedusaContainer } from "@medusajs/framework/types"
import { isDeliveryArea, type IncompleteOrder } from "@shop/contract"
import { LANDING_DRAFT_MODULE } from "../modules/landing-draft"
import type LandingDraftModuleService from "../modules/landing-draft/service"
import type { LandingDraftRow } from "../modules/landing-draft/service"
import { LANDING_PAGE_MODULE } from "../modules/landing-page"
import type LandingPageModuleService from "../modules/landing-page/service"

const draftsOf = (container: MedusaContainer) => container.resolve<LandingDraftModuleService>(LANDING_DRAFT_MODULE)

/** A draft as the admin lists it. */
export function toIncompleteOrder(
  row: LandingDraftRow,
  page: { id: string; title: string } | undefined,
  now = Date.now()
): IncompleteOrder {
  const updatedAt = new Date(row.updated_at)
  return {
    _id: row.id,
    page: { _id: row.page_id, slug: row.slug, title: page?.title ?? null },
    phone: row.phone,
    name: row.name,
    address: row.address,
    quantity: row.quantity === null ? null : Number(row.quantity),
    deliveryArea: isDeliveryArea(row.delivery_area) ? row.delivery_area : null,
    status: row.status,
    orderId: row.order_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: updatedAt.toISOString(),
    ageSeconds: Math.max(0, Math.floor((now - updatedAt.getTime()) / 1000)),
  }
}

/**
 * Open drafts, the shopper's latest change first, with their page's slug and
 * title (null for a page deleted since), one page of `limit` and the count.
 */
export async function listIncompleteOrders(
  container: MedusaContainer,
  opts: { offset: number; limit: number }
): Promise<{ data: IncompleteOrder[]; count: number }> {
  const [rows, count] = await draftsOf(container).listAndCountLandingDrafts(
    { status: "open" },
    { order: { updated_at: "DESC", id: "DESC" }, skip: opts.offset, take: opts.limit }
  )
  const pageIds = [...new Set(rows.map((r) => r.page_id))]
  const pages = pageIds.length
    ? await container
        .resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)
        .listLandingPages({ id: pageIds }, { select: ["id", "title"] })
    : []
  const byId = new Map(pages.map((p) => [p.id, p]))
  const now = Date.now()
  return { data: rows.map((r) => toIncompleteOrder(r, byId.get(r.page_id), now)), count }
}

/** Open and recovered drafts per page, for the landing-page list. */
export function draftCountsByPage(container: MedusaContainer, pageIds: string[]) {
  return draftsOf(container).countByPage(pageIds)
}
