import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { isSlug, LANDING_NOT_FOUND, type LandingPage, type LandingPageListItem, type Product } from "@shop/contract"
import { LANDING_PAGE_MODULE } from "../modules/landing-page"
import { groupsOf } from "../modules/landing-page/groups"
import type LandingPageModuleService from "../modules/landing-page/service"
import type { LandingPageRow } from "../modules/landing-page/service"
import { defaultMetaPixelId } from "../modules/meta-events"
import { draftCountsByPage } from "./landing-drafts"
import { purchasesSentByPage } from "./meta-events"
import { isMedusaId, loadShopProducts } from "./products"

const iso = (d: Date | string) => new Date(d).toISOString()

/**
 * A page in the contract's shape; the public page leaves the analytics out.
 * Its Meta pixel: admin views (with analytics) the page's own, the public page
 * the one it loads (its own, else the shop's META_PIXEL_ID, else none).
 */
export function toLandingPage(
  row: LandingPageRow,
  product: Product | undefined,
  options: { analytics: boolean }
): LandingPage {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    productId: product ? { ...product, salePrice: product.saleprice } : null,
    isActive: row.is_active,
    metaPixelId: options.analytics ? row.meta_pixel_id || null : row.meta_pixel_id || defaultMetaPixelId(),
    ...(options.analytics ? { analytics: { views: Number(row.views), orders: Number(row.orders) } } : {}),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ...groupsOf(row),
  }
}

const pagesOf = (container: MedusaContainer) => container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)

/** Pages with their products populated, in one product read for all of them. */
async function withProducts(
  container: MedusaContainer,
  rows: LandingPageRow[],
  options: { analytics: boolean }
): Promise<LandingPage[]> {
  const ids = [...new Set(rows.map((r) => r.product_id))]
  const products = ids.length ? await loadShopProducts(container, { id: ids }) : []
  const byId = new Map(products.map((p) => [p._id, p]))
  return rows.map((row) => toLandingPage(row, byId.get(row.product_id), options))
}

/**
 * Every page for the admin list, newest first, with products and analytics
 * (views, orders, open and recovered drafts, Purchases Meta took).
 */
export async function listLandingPageViews(container: MedusaContainer): Promise<LandingPageListItem[]> {
  const rows = await pagesOf(container).listLandingPages({}, { order: { created_at: "DESC" } })
  const [views, drafts, purchases] = await Promise.all([
    withProducts(container, rows, { analytics: true }),
    draftCountsByPage(
      container,
      rows.map((r) => r.id)
    ),
    purchasesSentByPage(
      container,
      rows.map((r) => r.id)
    ),
  ])
  return views.map((view) => {
    const counts = drafts.get(view._id)
    return {
      ...view,
      analytics: {
        ...view.analytics!,
        drafts: counts?.open ?? 0,
        recovered: counts?.recovered ?? 0,
        purchasesSent: purchases.get(view._id) ?? 0,
      },
    }
  })
}

/** One page for the admin (drafts included), or 404. */
export async function getLandingPageView(container: MedusaContainer, id: string): Promise<LandingPage> {
  const [row] = isMedusaId("lp", id) ? await pagesOf(container).listLandingPages({ id }, { take: 1 }) : []
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, LANDING_NOT_FOUND)
  const [view] = await withProducts(container, [row], { analytics: true })
  return view
}

/** A page as the admin sees it right after a change. */
export async function landingPageViewOf(container: MedusaContainer, row: LandingPageRow): Promise<LandingPage> {
  const [view] = await withProducts(container, [row], { analytics: true })
  return view
}

/**
 * The public page: published only, the view counted in the same statement that
 * reads it; a draft or unknown slug is 404. `countView: false` (a storefront
 * server that counts its own views, proven by EDGE_SECRET) reads it without counting.
 */
export async function readPublicLandingPage(
  container: MedusaContainer,
  slug: string,
  options: { countView?: boolean } = {}
): Promise<LandingPage> {
  const pages = pagesOf(container)
  const row = !isSlug(slug)
    ? null
    : options.countView === false
      ? ((await pages.listLandingPages({ slug, is_active: true }, { take: 1 }))[0] ?? null)
      : await pages.recordView(slug)
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, LANDING_NOT_FOUND)
  const [view] = await withProducts(container, [row], { analytics: false })
  return view
}
