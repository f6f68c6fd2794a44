import {
  BENEFIT_ICON,
  defaultGroups,
  type Benefit,
  type Gallery,
  type Hero,
  type LandingGroups,
  type OrderForm,
  type Styling,
  type Testimonial,
  type TrustBadges,
  type Urgency,
  withAlwaysAskedFields,
} from "@shop/contract"
import type { LandingPageRow } from "./service"

/**
 * A landing page's groups (SPEC.md section 3) as the module stores them: one
 * JSON column per group, merged over the spec's defaults (@shop/contract).
 */
export type LandingGroupsInput = {
  hero?: Partial<Hero>
  benefits?: Partial<Benefit>[]
  gallery?: Partial<Gallery>
  testimonials?: Partial<Testimonial>[]
  orderForm?: Partial<OrderForm>
  trustBadges?: Partial<TrustBadges>
  urgency?: Partial<Urgency>
  styling?: Partial<Styling>
}

/**
 * The groups after applying `input` over `base` (the defaults on create, the
 * stored page on update): objects merge field by field, lists are replaced.
 * The editor's `showTrustBadges` and the public page's `enabled` stay one flag;
 * the order form always asks the phone and address (@shop/contract).
 */
export function mergeGroups(base: LandingGroups, input: LandingGroupsInput): LandingGroups {
  const badgesOn = input.trustBadges?.showTrustBadges ?? input.trustBadges?.enabled ?? base.trustBadges.showTrustBadges
  return {
    hero: { ...base.hero, ...input.hero },
    benefits: input.benefits
      ? input.benefits.map((b) => ({
          icon: b.icon || BENEFIT_ICON,
          title: b.title ?? "",
          description: b.description ?? "",
        }))
      : base.benefits,
    gallery: { ...base.gallery, ...input.gallery },
    testimonials: input.testimonials
      ? input.testimonials.map((t) => ({
          name: t.name ?? "",
          rating: t.rating ?? 5,
          comment: t.comment ?? "",
          image: t.image ?? "",
        }))
      : base.testimonials,
    // older rows may say false: a page always asks the phone and address its orders need
    orderForm: withAlwaysAskedFields({ ...base.orderForm, ...input.orderForm }),
    trustBadges: {
      badges: input.trustBadges?.badges ?? base.trustBadges.badges,
      showTrustBadges: badgesOn,
      enabled: badgesOn,
    },
    urgency: { ...base.urgency, ...input.urgency },
    styling: { ...base.styling, ...input.styling },
  }
}

/** The stored groups of a page, with defaults filling anything an older row lacks. */
export function groupsOf(row: LandingPageRow): LandingGroups {
  return mergeGroups(defaultGroups(), {
    hero: row.hero,
    benefits: row.benefits,
    gallery: row.gallery,
    testimonials: row.testimonials,
    orderForm: row.order_form,
    trustBadges: row.trust_badges,
    urgency: row.urgency,
    styling: row.styling,
  })
}

/** The groups as the module's columns. */
export function groupColumns(groups: LandingGroups) {
  return {
    hero: groups.hero,
    benefits: groups.benefits,
    gallery: groups.gallery,
    testimonials: groups.testimonials,
    order_form: groups.orderForm,
    trust_badges: groups.trustBadges,
    urgency: groups.urgency,
    styling: groups.styling,
  }
}
