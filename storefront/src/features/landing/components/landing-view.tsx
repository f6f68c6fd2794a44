import { useEffect, useRef } from "react"
import { goToBkash, saveTrip } from "@/lib/bkash"
import { unitPrice as effectivePrice } from "@shop/contract"
import type { LandingOrderResult } from "../api/create-landing-order"
import type { LandingPage, LandingProduct } from "../api/get-landing-page"
import { useStickyTop } from "../hooks/use-sticky-top"
import { BN } from "../utils/bn"
import { startMetaPixel, trackLead } from "../utils/meta-pixel"
import { showConfirmation } from "../utils/navigation"
import { availableStock, galleryImages, landingGallerySizes, stockLeftCount, stylingVariables } from "../utils/page"
import { Countdown } from "./countdown"
import { ImageGallery } from "./image-gallery"
import { Notice, useNotice } from "./notice"
import { DEFAULT_CTA_TEXT, OrderForm } from "./order-form"
import { PriceBlock } from "./price-block"
import { BenefitsSection, TestimonialsSection, TrustBadges, UsageSection } from "./sections"
import { LandingFooter, SupportPhoneLink } from "./support"

/** Wait after the success notice before the confirmation page (SPEC section 9). */
export const REDIRECT_DELAY_MS = 1000

function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title
    document.title = title
    return () => {
      document.title = previous
    }
  }, [title])
}

function CtaButton({ text, onClick }: { text: string; onClick: () => void }) {
  return (
    <button type="button" className="landing-cta" data-testid="scroll-to-order" onClick={onClick}>
      {text}
    </button>
  )
}

/** The public single-product sales page (SPEC 2.10), for a loaded page and its product. */
export function LandingView({ page, product }: { page: LandingPage; product: LandingProduct }) {
  const { notice, show, dismiss } = useNotice()
  const formRef = useRef<HTMLElement>(null)
  const redirectTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(redirectTimer.current), [])
  useDocumentTitle(page.title || product.title)

  const { hero, urgency, orderForm, trustBadges } = page
  const unitPrice = effectivePrice(product)
  const outOfStock = availableStock(product) <= 0
  const withForm = orderForm.showOrderForm !== false
  const ctaText = hero.ctaButtonText?.trim() || DEFAULT_CTA_TEXT
  const headline = hero.headline?.trim() || product.title
  const [asideRef, asideTop] = useStickyTop<HTMLElement>()

  const scrollToForm = () => {
    const form = formRef.current
    if (!form) return
    form.scrollIntoView?.({ behavior: "smooth", block: "start" })
    const first = form.querySelector<HTMLElement>("input:not([disabled]), textarea:not([disabled])")
    ;(first ?? form).focus({ preventScroll: true })
  }

  const pixelId = page.metaPixelId
  useEffect(() => {
    if (pixelId) startMetaPixel(pixelId)
  }, [pixelId])

  const onOrdered = (result: LandingOrderResult) => {
    show("success", BN.orderPlaced)
    const orderNumber = result.confirmation.orderNumber
    if (pixelId && orderNumber) {
      const value = result.confirmation.totalAmount ?? 0
      trackLead(pixelId, orderNumber, value)
    }
    const { payment, orderId } = result
    // placed and waiting for bKash: the shopper pays on bKash's page and comes back to the shop's (utils/bkash-trip.ts)
    if (payment && orderId) saveTrip(orderId, result.confirmation)
    redirectTimer.current = window.setTimeout(() => {
      if (payment && orderId) goToBkash(orderId, payment)
      else showConfirmation(result.confirmation)
    }, REDIRECT_DELAY_MS)
  }

  return (
    <div className="landing" lang="bn" style={stylingVariables(page.styling)} data-testid="landing-page">
      <header className="landing-hero">
        <div className="landing-hero__inner">
          <h1 className="landing-hero__headline">{headline}</h1>
          {hero.subheadline && <p className="landing-hero__subheadline">{hero.subheadline}</p>}
          <PriceBlock
            price={product.price}
            unitPrice={unitPrice}
            showPrice={hero.showPrice !== false}
            showDiscount={hero.showDiscount === true}
          />
          {outOfStock ? (
            <p className="landing-stock landing-stock--out" role="status" data-testid="stock-notice">
              {BN.outOfStock}
            </p>
          ) : (
            urgency.showStockCount && (
              <p className="landing-stock" data-testid="stock-notice">
                {BN.stockLeft(stockLeftCount(page, product))}
              </p>
            )
          )}
          {urgency.showCountdown && <Countdown end={urgency.countdownEndDate} />}
          <div className="landing-hero__actions">
            {withForm && <CtaButton text={ctaText} onClick={scrollToForm} />}
            <SupportPhoneLink />
          </div>
        </div>
      </header>

      <div className={withForm ? "landing__body" : "landing__body landing__body--single"}>
        <main className="landing__content">
          <ImageGallery images={galleryImages(page)} alt={product.title} sizes={landingGallerySizes(page)} />
          <BenefitsSection benefits={page.benefits ?? []} />
          <UsageSection text={hero.description ?? ""} />
          {withForm && (
            <div className="landing__cta-row">
              <CtaButton text={ctaText} onClick={scrollToForm} />
            </div>
          )}
          <TestimonialsSection testimonials={page.testimonials ?? []} />
          <TrustBadges enabled={trustBadges.enabled === true} badges={trustBadges.badges ?? []} />
          {/*
           * On a phone: sticky at the screen's bottom as this column's last child, so it
           * waits there while the form (after the column) is below and settles above the
           * form as it comes up, never over it. A link: it works before the app runs.
           */}
          <div className="landing-mobile-bar">
            {withForm && (
              <a className="landing-cta" href="#order-form">
                {BN.toOrderForm}
              </a>
            )}
            <SupportPhoneLink floating />
          </div>
        </main>
        {withForm && (
          <aside className="landing__aside" ref={asideRef} style={{ top: asideTop }}>
            <OrderForm page={page} product={product} sectionRef={formRef} onNotice={show} onOrdered={onOrdered} />
          </aside>
        )}
      </div>

      <LandingFooter />

      <Notice notice={notice} onDismiss={dismiss} />
    </div>
  )
}
