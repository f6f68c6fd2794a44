import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import { BRANDS, CATEGORIES, DEFAULT_SORT, SORT_OPTIONS, type ProductsQuery } from "@shop/contract"

/** `a,b` or repeated keys, trimmed, empties dropped; each value must be known. */
function commaList(name: string, allowed: readonly string[]) {
  const text = capped(500, `The ${name} list is longer than 500 characters`)
  return z
    .union([text, z.array(text).max(20, `At most 20 ${name} values`)])
    .optional()
    .transform((value, ctx) => {
      const values = (Array.isArray(value) ? value : value ? [value] : [])
        .flatMap((v) => v.split(","))
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean)
      for (const v of values) {
        if (!allowed.includes(v)) {
          ctx.addIssue({
            code: "custom",
            message: `Unknown ${name} '${v.slice(0, 40)}'. Allowed: ${allowed.join(", ")}`,
          })
          return z.NEVER
        }
      }
      return [...new Set(values)]
    })
}

export const GetShopProductsSchema = z
  .object({
    category: commaList("category", CATEGORIES),
    brand: commaList("brand", BRANDS),
    sortBy: capped(100)
      .optional()
      .transform((value, ctx) => {
        const v = value?.trim() || DEFAULT_SORT
        if (!(SORT_OPTIONS as readonly string[]).includes(v)) {
          ctx.addIssue({
            code: "custom",
            message: `Unknown sortBy '${v.slice(0, 40)}'. Allowed: ${SORT_OPTIONS.join(", ")}`,
          })
          return z.NEVER
        }
        return v as (typeof SORT_OPTIONS)[number]
      }),
  })
  .strict()

export type GetShopProductsQuery = z.infer<typeof GetShopProductsSchema>
type _Tied = Holds<Ties<typeof GetShopProductsSchema, ProductsQuery>>
