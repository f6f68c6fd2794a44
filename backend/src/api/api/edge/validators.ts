import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import { EDGE_VIEWS_LIMITS, isSlug, MAX_SLUG_LENGTH, type EdgeViewsRequest } from "@shop/contract"

const badCount = `Each count must be a whole number from 1 to ${EDGE_VIEWS_LIMITS.viewsPerSlug}`

/**
 * A storefront server's batch of landing views (EdgeViewsRequest):
 * `{ views: { [slug]: n } }`, at most EDGE_VIEWS_LIMITS.slugs slugs, each a
 * slug by the contract's rule with 1 to EDGE_VIEWS_LIMITS.viewsPerSlug views.
 * Anything else refuses the whole batch (400), nothing counted.
 */
export const EdgeViewsSchema = z
  .object({
    views: z
      .record(
        capped(MAX_SLUG_LENGTH, "A slug is at most 100 characters").refine(
          isSlug,
          "Each key of views must be a landing page slug"
        ),
        z.number({ error: badCount }).int(badCount).min(1, badCount).max(EDGE_VIEWS_LIMITS.viewsPerSlug, badCount),
        {
          // a bad key: its own rule's message (never the key itself, which may be long)
          error: (issue) =>
            issue.code === "invalid_key"
              ? (issue.issues as { message: string }[] | undefined)?.[0]?.message
              : "views must be an object of { slug: count }",
        }
      )
      .refine(
        (views) => Object.keys(views).length <= EDGE_VIEWS_LIMITS.slugs,
        `At most ${EDGE_VIEWS_LIMITS.slugs} slugs in one batch`
      ),
  })
  .strict()

export type EdgeViewsBody = z.infer<typeof EdgeViewsSchema>
type _Tied = Holds<Ties<typeof EdgeViewsSchema, EdgeViewsRequest>>
