import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { defaultGroups, LANDING_NOT_FOUND } from "@shop/contract"
import { LANDING_PAGE_MODULE } from "../../modules/landing-page"
import { groupColumns, groupsOf, mergeGroups, type LandingGroupsInput } from "../../modules/landing-page/groups"
import type LandingPageModuleService from "../../modules/landing-page/service"
import type { LandingPageRow } from "../../modules/landing-page/service"
import { isMedusaId } from "../../read-models/products"

export type LandingPageChanges = {
  title?: string
  slug?: string
  product_id?: string
  is_active?: boolean
  /** the page's Meta pixel (digits); null clears it (the shop's default applies) */
  meta_pixel_id?: string | null
  groups?: LandingGroupsInput
}

const pagesOf = (container: { resolve: <T>(key: string) => T }) =>
  container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)

/** The columns a page had, to put back on compensation. */
function snapshot(row: LandingPageRow) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    product_id: row.product_id,
    is_active: row.is_active,
    meta_pixel_id: row.meta_pixel_id ?? null,
    ...groupColumns(groupsOf(row)),
  }
}

async function loadPage(container: { resolve: <T>(key: string) => T }, id: string): Promise<LandingPageRow> {
  const [row] = isMedusaId("lp", id) ? await pagesOf(container).listLandingPages({ id }, { take: 1 }) : []
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, LANDING_NOT_FOUND)
  return row
}

/** The page's product must exist. Reads only. */
export const assertLandingProductStep = createStep(
  "assert-landing-product",
  async (input: { product_id?: string }, { container }) => {
    if (input.product_id === undefined) return new StepResponse(true)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = isMedusaId("prod", input.product_id)
      ? await query.graph({ entity: "product", fields: ["id"], filters: { id: input.product_id } })
      : { data: [] }
    if (!data.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Product not found")
    return new StepResponse(true)
  }
)

/** No two pages share a slug (the unique index backs this up under races). Reads only. */
export const assertSlugFreeStep = createStep(
  "assert-landing-slug-free",
  async (input: { slug?: string; id?: string }, { container }) => {
    if (input.slug === undefined) return new StepResponse(true)
    const [taken] = await pagesOf(container).listLandingPages({ slug: input.slug }, { take: 1 })
    if (taken && taken.id !== input.id) {
      throw new MedusaError(
        MedusaError.Types.DUPLICATE_ERROR,
        `The slug "${input.slug}" is already used by another landing page`
      )
    }
    return new StepResponse(true)
  }
)

export const createLandingPageStep = createStep(
  "create-landing-page",
  async (
    input: Required<Omit<LandingPageChanges, "groups" | "meta_pixel_id">> & {
      groups: LandingGroupsInput
      meta_pixel_id?: string | null
    },
    { container }
  ) => {
    const page = await pagesOf(container).createLandingPages({
      title: input.title,
      slug: input.slug,
      product_id: input.product_id,
      is_active: input.is_active,
      meta_pixel_id: input.meta_pixel_id ?? null,
      ...groupColumns(mergeGroups(defaultGroups(), input.groups)),
    })
    return new StepResponse(page, page.id)
  },
  async (id, { container }) => {
    if (id) await pagesOf(container).deleteLandingPages(id)
  }
)

/** Changes a page: groups merge over what is stored; compensation puts the old page back. */
export const updateLandingPageStep = createStep(
  "update-landing-page",
  async (input: LandingPageChanges & { id: string }, { container }) => {
    const before = await loadPage(container, input.id)
    const { groups, id, ...fields } = input
    const page = await pagesOf(container).updateLandingPages({
      id,
      ...fields,
      ...(groups ? groupColumns(mergeGroups(groupsOf(before), groups)) : {}),
    })
    return new StepResponse(page, snapshot(before))
  },
  async (before, { container }) => {
    if (before) await pagesOf(container).updateLandingPages(before)
  }
)

/** Publishes a draft or unpublishes a published page. */
export const toggleLandingPageStep = createStep(
  "toggle-landing-page",
  async (input: { id: string }, { container }) => {
    const before = await loadPage(container, input.id)
    const page = await pagesOf(container).updateLandingPages({ id: input.id, is_active: !before.is_active })
    return new StepResponse(page, { id: input.id, is_active: before.is_active })
  },
  async (before, { container }) => {
    if (before) await pagesOf(container).updateLandingPages(before)
  }
)

/** Soft-deletes a page (its slug becomes free); compensation restores it. */
export const deleteLandingPageStep = createStep(
  "delete-landing-page",
  async (input: { id: string }, { container }) => {
    await loadPage(container, input.id)
    await pagesOf(container).softDeleteLandingPages(input.id)
    return new StepResponse(true, input.id)
  },
  async (id, { container }) => {
    if (id) await pagesOf(container).restoreLandingPages(id)
  }
)
