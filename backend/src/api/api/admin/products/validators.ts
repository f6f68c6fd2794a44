import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import { BRANDS, CATEGORIES, isBrandAllowed, type ProductRequest } from "@shop/contract"

/** A number, or a numeric string as HTML forms send it. */
function amount(label: string, opts: { integer?: boolean; max: number }) {
  const notANumber = `${label} must be a number`
  return z
    .union(
      [
        z.number(),
        capped(64, notANumber)
          .trim()
          .regex(/^\d+(\.\d+)?$/, notANumber),
      ],
      {
        error: `${label} is required and must be a number`,
      }
    )
    .transform(Number)
    .pipe(
      (opts.integer ? z.number().int(`${label} must be a whole number`) : z.number())
        .min(0, `${label} must be 0 or more`)
        .max(opts.max, `${label} must be at most ${opts.max}`)
    )
}

const text = (label: string, max: number) =>
  capped(max, `${label} must be at most ${max} characters`, `${label} is required`)
    .trim()
    .min(1, `${label} is required`)

/** The product form of SPEC.md section 3, enforced on the server. */
export const ShopProductSchema = z
  .object({
    image: text("Image", 2048).refine(
      (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/static\/[^\s]+$/.test(v),
      "Image must be the URL of an uploaded image"
    ),
    title: text("Title", 200),
    description: text("Description", 5000),
    category: z.enum(CATEGORIES, { error: `Category must be one of: ${CATEGORIES.join(", ")}` }),
    brand: z.enum(BRANDS, { error: `Brand must be one of: ${BRANDS.join(", ")}` }),
    price: amount("Price", { max: 10_000_000 }),
    saleprice: amount("Sale price", { max: 10_000_000 }),
    stock: amount("Stock", { integer: true, max: 1_000_000 }),
    discount: amount("Discount", { max: 100 }).optional().default(0),
  })
  .superRefine((p, ctx) => {
    if (!isBrandAllowed(p.category, p.brand)) {
      ctx.addIssue({ code: "custom", message: `Brand '${p.brand}' is not offered in category '${p.category}'` })
    }
    if (p.saleprice > 0 && p.saleprice >= p.price) {
      ctx.addIssue({ code: "custom", message: "Sale price must be lower than the price (or 0 for no sale)" })
    }
  })

export type ShopProductBody = z.infer<typeof ShopProductSchema>
type _Tied = Holds<Ties<typeof ShopProductSchema, ProductRequest>>
