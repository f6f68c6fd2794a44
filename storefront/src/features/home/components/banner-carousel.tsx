import { useCallback, useEffect, useState } from "react"
import { Link } from "react-router-dom"
import { buttonClass } from "@/components/ui/button"
import { BANNER_INTERVAL_MS, wrapIndex } from "../utils/carousel"
import { BANNERS, type Banner } from "./banners"

type BannerCarouselProps = {
  banners?: readonly Banner[]
  intervalMs?: number
}

/** Auto-rotating banner carousel (SPEC 2.4): advances every 3 seconds and wraps; arrows wrap too. */
export function BannerCarousel({ banners = BANNERS, intervalMs = BANNER_INTERVAL_MS }: BannerCarouselProps) {
  const count = banners.length
  const [index, setIndex] = useState(0)
  // Bumped by manual navigation so the next automatic step waits a full interval.
  const [tick, setTick] = useState(0)

  useEffect(() => {
    if (count < 2) return
    const timer = setInterval(() => setIndex((current) => wrapIndex(current, 1, count)), intervalMs)
    return () => clearInterval(timer)
  }, [count, intervalMs, tick])

  const go = useCallback((next: number) => {
    setIndex(next)
    setTick((t) => t + 1)
  }, [])

  const banner = banners[index]
  if (!banner) return null

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Featured offers">
      <div
        key={banner.id}
        className={`carousel__slide banner banner--${banner.id}`}
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${count}`}
        data-testid="banner"
      >
        <div className="banner__text">
          <p className="banner__eyebrow">{banner.eyebrow}</p>
          <h2 className="banner__title">{banner.title}</h2>
          <p className="banner__lead">{banner.text}</p>
          <Link to={banner.to} className={buttonClass("primary", "banner__cta")}>
            {banner.cta}
          </Link>
        </div>
        <svg className="banner__art" viewBox="0 0 140 140" aria-hidden="true" focusable="false">
          {banner.art}
        </svg>
      </div>

      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        aria-label="Previous banner"
        onClick={() => go(wrapIndex(index, -1, count))}
      >
        ‹
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        aria-label="Next banner"
        onClick={() => go(wrapIndex(index, 1, count))}
      >
        ›
      </button>
      <div className="carousel__dots">
        {banners.map((item, i) => (
          <button
            key={item.id}
            type="button"
            className={i === index ? "carousel__dot is-active" : "carousel__dot"}
            aria-label={`Go to banner ${i + 1}`}
            aria-current={i === index ? "true" : undefined}
            onClick={() => go(i)}
          />
        ))}
      </div>
    </section>
  )
}
