import { Container, Heading, Text } from "@medusajs/ui"
import { formatMoney } from "@shop/contract"
import { percentOff, unitPrice } from "@shop/contract"
import type { Product } from "@shop/contract"
import { parseBadges, slugify, type EditorState } from "../../lib/landing-pages"

/** A small live preview of the page's hero, in the page's colours and font. */
export const LandingPreview = ({ state, product }: { state: EditorState; product: Product | undefined }) => {
  const { hero, styling } = state
  const image = hero.heroImages[0] || product?.image
  const off = product ? percentOff(product) || null : null
  const badges = state.trustBadges.showTrustBadges ? parseBadges(state.trustBadges.badgesText) : []

  return (
    <Container className="flex flex-col gap-y-3 p-0" aria-label="Live preview">
      <div className="flex items-center justify-between border-b px-4 py-3">
        <Heading level="h3">Live preview</Heading>
        <Text size="xsmall" className="text-ui-fg-muted font-mono">
          /landing/{slugify(state.slug) || "…"}
        </Text>
      </div>
      <div className="flex flex-col gap-y-3 px-4 pb-4" style={{ fontFamily: `${styling.fontFamily}, sans-serif` }}>
        {image ? (
          <img src={image} alt="" className="h-44 w-full rounded-md object-cover" />
        ) : (
          <div className="bg-ui-bg-component text-ui-fg-muted flex h-44 items-center justify-center rounded-md border border-dashed">
            <Text size="small">No hero image yet</Text>
          </div>
        )}
        <div>
          <p className="text-lg font-semibold" style={{ color: styling.primaryColor }}>
            {hero.headline || state.title || "Your headline"}
          </p>
          {hero.subheadline ? <p className="text-ui-fg-subtle text-sm">{hero.subheadline}</p> : null}
        </div>
        {product && hero.showPrice ? (
          <div className="flex items-center gap-x-2">
            <span className="text-lg font-bold" style={{ color: styling.primaryColor }}>
              {formatMoney(unitPrice(product))}
            </span>
            {off !== null ? (
              <span className="text-ui-fg-muted text-sm line-through">{formatMoney(product.price)}</span>
            ) : null}
            {off !== null && hero.showDiscount ? (
              <span
                className="rounded px-1.5 py-0.5 text-xs font-semibold text-white"
                style={{ background: styling.accentColor }}
              >
                {off}% OFF
              </span>
            ) : null}
          </div>
        ) : null}
        {state.benefits.length ? (
          <ul className="flex flex-col gap-y-1 text-sm">
            {state.benefits.slice(0, 4).map((b, i) => (
              <li key={i}>
                <span style={{ color: styling.accentColor }}>{b.icon || "✓"}</span> {b.title}
              </li>
            ))}
          </ul>
        ) : null}
        {state.orderForm.showOrderForm ? (
          <button
            type="button"
            tabIndex={-1}
            className="w-full cursor-default rounded-md px-4 py-2 text-sm font-semibold text-white"
            style={{ background: styling.primaryColor }}
          >
            {hero.ctaButtonText || "Order Now"}
          </button>
        ) : null}
        {badges.length ? (
          <div className="flex flex-wrap gap-1">
            {badges.map((b) => (
              <span key={b} className="rounded-full border px-2 py-0.5 text-xs">
                {b}
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </Container>
  )
}
