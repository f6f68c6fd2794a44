import { createContext, useContext, type ReactNode } from "react"
import { FIRST_PICTURE_TIMING } from "@/lib/late-start"
import { pictureChoice } from "@/lib/pictures"
import type { Pictures } from "@shop/contract"

/** The pictures of the answer a part of the page was drawn from (its `pictures` map), by the URL its data carries. */
const PicturesContext = createContext<Pictures>({})

export function PicturesProvider({ pictures = {}, children }: { pictures: Pictures | undefined; children: ReactNode }) {
  return <PicturesContext.Provider value={pictures}>{children}</PicturesContext.Provider>
}

export function usePictures(): Pictures {
  return useContext(PicturesContext)
}

export type PictureProps = {
  /** The URL the data carries (product `image`, a landing page's `heroImage`...). */
  src: string
  alt: string
  /** The picture's CSS width at each breakpoint (the *_SIZES constants, lib/pictures.ts). */
  sizes: string
  className?: string
  /**
   * The page's largest picture on first sight (LCP): fetched at once and first
   * (its head preloads the same choice). Every other picture waits until it
   * comes near the screen.
   */
  priority?: boolean
  "data-testid"?: string
}

/**
 * A content picture: `<picture>` with an AVIF and a WebP `<source>` and the
 * JPEG `<img>`, each with the stored widths and the caller's `sizes`, so the
 * browser fetches the narrowest file that fills the box at the screen's
 * density; the stored width and height (no layout shift: the CSS sets the
 * width and `height: auto` or a fixed height); the tiny placeholder as the
 * img's background (base.css draws it as the img's object-fit would), painted
 * with the HTML until the picture arrives. A URL without a stored picture is
 * the plain `<img>` it always was.
 */
export function Picture({ src, alt, sizes, className, priority, ...rest }: PictureProps) {
  const picture = useContext(PicturesContext)[src]
  const choice = picture && pictureChoice(picture)
  const img = {
    className,
    loading: priority ? ("eager" as const) : ("lazy" as const),
    // decoded off the main thread, except the one picture the page waits for
    decoding: priority ? undefined : ("async" as const),
    // React 18 knows no fetchPriority prop: the lower-case attribute reaches the DOM as written
    ...(priority && { fetchpriority: "high", elementtiming: FIRST_PICTURE_TIMING }),
    ...rest,
  }
  if (!choice) return <img src={src} alt={alt} {...img} />
  return (
    <picture className="picture">
      {choice.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={choice.src}
        srcSet={choice.srcset}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        style={{ backgroundImage: `url("${picture.placeholder}")` }}
        alt={alt}
        {...img}
      />
    </picture>
  )
}
