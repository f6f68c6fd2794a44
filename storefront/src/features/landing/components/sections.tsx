import { Picture } from "@/components/picture"
import { AVATAR_SIZES } from "@/lib/pictures"
import type { LandingBenefit, LandingTestimonial } from "../api/get-landing-page"
import { BN } from "../utils/bn"
import { isImageUrl, starCount, trustBadgeKind } from "../utils/page"
import { TrustBadgeIcon } from "./icons"

export function BenefitsSection({ benefits }: { benefits: LandingBenefit[] }) {
  const shown = benefits.filter((b) => b.title || b.description)
  if (shown.length === 0) return null
  return (
    <section className="landing-section" aria-labelledby="landing-benefits">
      <h2 id="landing-benefits" className="landing-section__title">
        {BN.benefits}
      </h2>
      <ul className="landing-benefits">
        {shown.map((benefit, i) => (
          <li key={i} className="landing-benefit">
            <span className="landing-benefit__icon" aria-hidden="true">
              {benefit.icon || "✓"}
            </span>
            <div>
              {benefit.title && <h3 className="landing-benefit__title">{benefit.title}</h3>}
              {benefit.description && <p className="landing-benefit__text">{benefit.description}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** How to use the product: the hero's description, line breaks kept (as text). */
export function UsageSection({ text }: { text: string }) {
  if (!text.trim()) return null
  return (
    <section className="landing-section" aria-labelledby="landing-usage">
      <h2 id="landing-usage" className="landing-section__title">
        {BN.usage}
      </h2>
      <p className="landing-usage">{text}</p>
    </section>
  )
}

export function Stars({ rating }: { rating: unknown }) {
  const stars = starCount(rating)
  return (
    <span className="landing-stars" role="img" aria-label={BN.rating(stars)} data-stars={stars}>
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} className={i < stars ? "landing-star is-on" : "landing-star"} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  )
}

export function TestimonialsSection({ testimonials }: { testimonials: LandingTestimonial[] }) {
  const shown = testimonials.filter((t) => t.name || t.comment)
  if (shown.length === 0) return null
  return (
    <section className="landing-section" aria-labelledby="landing-testimonials">
      <h2 id="landing-testimonials" className="landing-section__title">
        {BN.testimonials}
      </h2>
      <ul className="landing-testimonials">
        {shown.map((testimonial, i) => (
          <li key={i} className="landing-testimonial" data-testid="testimonial">
            <div className="landing-testimonial__head">
              {isImageUrl(testimonial.image) ? (
                <Picture
                  className="landing-testimonial__avatar"
                  src={testimonial.image.trim()}
                  alt=""
                  sizes={AVATAR_SIZES}
                />
              ) : (
                <span className="landing-testimonial__avatar" aria-hidden="true">
                  {Array.from(testimonial.name.trim())[0] ?? "★"}
                </span>
              )}
              <div>
                <p className="landing-testimonial__name">{testimonial.name}</p>
                <Stars rating={testimonial.rating} />
              </div>
            </div>
            {testimonial.comment && <p className="landing-testimonial__comment">{testimonial.comment}</p>}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Shown when the page's `enabled` flag is on; known badges get an icon, others are plain text. */
export function TrustBadges({ enabled, badges }: { enabled: boolean; badges: string[] }) {
  const shown = enabled ? badges.map((b) => b.trim()).filter(Boolean) : []
  if (shown.length === 0) return null
  return (
    <section className="landing-section" aria-label={BN.trustBadges} data-testid="trust-badges">
      <ul className="landing-badges">
        {shown.map((badge, i) => {
          const kind = trustBadgeKind(badge)
          return (
            <li key={i} className={`landing-badge landing-badge--${kind}`} data-kind={kind}>
              <TrustBadgeIcon kind={kind} />
              <span>{badge}</span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
