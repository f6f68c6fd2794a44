import { useState } from "react"
import { Picture } from "@/components/picture"
import { THUMB_SIZES } from "@/lib/pictures"
import { BN } from "../utils/bn"
import { wrapIndex } from "../utils/page"
import { ChevronIcon } from "./icons"

/**
 * Product pictures with wrapping arrows, dots and thumbnails (SPEC 2.10).
 * `sizes`: the stage's width at each breakpoint (landingGallerySizes).
 */
export function ImageGallery({ images, alt, sizes }: { images: string[]; alt: string; sizes: string }) {
  const [index, setIndex] = useState(0)
  if (images.length === 0) return null

  const count = images.length
  const current = wrapIndex(index, count)
  const go = (next: number) => setIndex(wrapIndex(next, count))
  const several = count > 1

  return (
    <section className="landing-gallery" aria-label={BN.gallery} aria-roledescription="carousel">
      <div className="landing-gallery__stage">
        <Picture
          // a new picture is a new element: the last one's bytes never stand in for it while it loads
          key={images[current]}
          className="landing-gallery__image"
          src={images[current]!}
          alt={several ? `${alt} (${current + 1}/${count})` : alt}
          sizes={sizes}
          // the first picture is the page's largest on a phone (the head preloads it); the rest are chosen later
          priority={current === 0}
          data-testid="gallery-image"
        />
        {several && (
          <>
            <button
              type="button"
              className="landing-gallery__arrow landing-gallery__arrow--prev"
              aria-label={BN.previousImage}
              onClick={() => go(current - 1)}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="landing-gallery__arrow landing-gallery__arrow--next"
              aria-label={BN.nextImage}
              onClick={() => go(current + 1)}
            >
              <ChevronIcon direction="right" />
            </button>
            <p className="landing-gallery__counter" aria-live="polite" data-testid="gallery-counter">
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {several && (
        <>
          <div className="landing-gallery__dots">
            {images.map((url, i) => (
              <button
                key={`dot-${url}`}
                type="button"
                className={i === current ? "landing-gallery__dot is-active" : "landing-gallery__dot"}
                aria-label={BN.showImage(i + 1)}
                aria-current={i === current ? "true" : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          {/* The dots are the keyboard and screen-reader control; thumbnails repeat them for the mouse. */}
          <div className="landing-gallery__thumbs" aria-hidden="true" data-testid="gallery-thumbs">
            {images.map((url, i) => (
              <button
                key={`thumb-${url}`}
                type="button"
                className={i === current ? "landing-gallery__thumb is-active" : "landing-gallery__thumb"}
                aria-current={i === current ? "true" : undefined}
                tabIndex={-1}
                onClick={() => go(i)}
              >
                <Picture src={url} alt="" sizes={THUMB_SIZES} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  )
}
