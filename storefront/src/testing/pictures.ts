import { PICTURE_FORMATS, PICTURE_WIDTHS, type Picture, type PictureFormat } from "@shop/contract"

/**
 * A stored picture as the backend answers it: `url` the original's, variants
 * in each of `formats` at every width not above `width`.
 */
export function makePicture(
  url: string,
  {
    width = 1600,
    height = 1200,
    formats = PICTURE_FORMATS,
  }: { width?: number; height?: number; formats?: readonly PictureFormat[] } = {}
): Picture {
  const base = url.replace(/\.[a-z]+$/i, "")
  const ext = { avif: "avif", webp: "webp", jpeg: "jpg" } as const
  return {
    url,
    width,
    height,
    placeholder: "data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA",
    variants: formats.flatMap((format) =>
      PICTURE_WIDTHS.filter((w) => w <= width).map((w) => ({
        url: `${base}-${w}.${ext[format]}`,
        format,
        width: w,
        height: Math.round((height * w) / width),
        bytes: w * 10,
      }))
    ),
  }
}
