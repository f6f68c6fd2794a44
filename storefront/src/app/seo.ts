import { galleryImages, landingGallerySizes } from "@/features/landing/utils/page"
import { LISTING_CARD_SIZES, PRODUCT_PAGE_SIZES } from "@/features/products/utils/picture-sizes"
import { SHOP_NAME } from "@/lib/config"
import { firstChoice, pictureChoice } from "@/lib/pictures"
import { previewVariant, unitPrice, type LandingPage, type Pictures, type Product } from "@shop/contract"

/**
 * The <head> of a page the storefront server renders: title, description,
 * Open Graph and Twitter tags (the preview Facebook, WhatsApp and Messenger
 * show for a shared link) and JSON-LD (a Product with its BDT offer and
 * availability). Pure: strings in, HTML out, every value escaped.
 */
/** The link preview's picture: absolute URL, with its size and type when known. */
export type HeadImage = { url: string; width?: number; height?: number; type?: string }

/**
 * The page's first picture, fetched at once: the same choice its `<picture>`
 * makes (srcset, sizes and the format of its first `<source>`, with `type` so
 * a browser without that format skips the preload as it skips the source),
 * or a plain URL for a picture without variants.
 */
export type HeadPreload = { href: string } | { srcset: string; sizes: string; type: string }

export type HeadInput = {
  title: string
  description: string
  /** Absolute URL of the page. */
  url: string
  image?: HeadImage
  type: "website" | "product"
  locale: "bn_BD" | "en_US"
  product?: { price: number; inStock: boolean; id: string; name: string; brand?: string; images: string[] }
  /** A listing's products, as a JSON-LD ItemList. */
  items?: { url: string; name: string }[]
  /** The page's largest picture on a phone, fetched first (`<link rel="preload">`, high priority). */
  preload?: HeadPreload
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** JSON inside <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")

const meta = (attribute: "name" | "property", key: string, content: string | undefined) =>
  content ? `<meta ${attribute}="${key}" content="${escapeHtml(content)}">` : ""

/** A page address or image path made absolute on `origin`; other values (not http(s)) dropped. */
export function absoluteUrl(value: string | undefined, origin: string): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value.trim(), origin)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined
  } catch {
    return undefined
  }
}

/** One line of plain text, at most `max` characters (on a word boundary when it can). */
export function summary(text: string | undefined, max = 160): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(" ")
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`
}

/**
 * A link preview's picture: the 1200-wide JPEG variant (Facebook, WhatsApp and
 * Messenger read JPEG everywhere; 1200 px is what they show largest), else the
 * URL the data carries.
 */
export function previewImage(url: string | undefined, pictures: Pictures, origin: string): HeadImage | undefined {
  if (!url) return undefined
  const variant = pictures[url] ? previewVariant(pictures[url]) : undefined
  const absolute = absoluteUrl(variant?.url ?? url, origin)
  if (!absolute) return undefined
  return variant
    ? { url: absolute, width: variant.width, height: variant.height, type: "image/jpeg" }
    : { url: absolute }
}

/** The preload of the picture `url` drawn at `sizes` (what components/picture.tsx makes of it). */
export function picturePreload(
  url: string | undefined,
  pictures: Pictures,
  sizes: string,
  origin: string
): HeadPreload | undefined {
  if (!url) return undefined
  const choice = pictures[url] ? pictureChoice(pictures[url]) : null
  if (choice) return { ...firstChoice(choice), sizes }
  const href = absoluteUrl(url, origin)
  return href ? { href } : undefined
}

function preloadTag(preload: HeadPreload | undefined): string {
  if (!preload) return ""
  if ("href" in preload)
    return `<link rel="preload" as="image" href="${escapeHtml(preload.href)}" fetchpriority="high">`
  return (
    `<link rel="preload" as="image" imagesrcset="${escapeHtml(preload.srcset)}" ` +
    `imagesizes="${escapeHtml(preload.sizes)}" type="${escapeHtml(preload.type)}" fetchpriority="high">`
  )
}

/** The brand to name, none for the catalog's "no-brand". */
const brandName = (brand: string | undefined) => (brand && brand !== "no-brand" ? brand : undefined)

export function renderHead(input: HeadInput): string {
  const { product } = input
  const jsonLd = product
    ? {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: input.description || undefined,
        image: product.images.length ? product.images : undefined,
        sku: product.id,
        brand: product.brand ? { "@type": "Brand", name: product.brand } : undefined,
        offers: {
          "@type": "Offer",
          url: input.url,
          price: product.price.toFixed(2),
          priceCurrency: "BDT",
          availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      }
    : input.items
      ? {
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: input.title,
          itemListElement: input.items.map((item, i) => ({
            "@type": "ListItem",
            position: i + 1,
            url: item.url,
            name: item.name,
          })),
        }
      : null
  const image = input.image
  return [
    preloadTag(input.preload),
    `<title>${escapeHtml(input.title)}</title>`,
    meta("name", "description", input.description),
    `<link rel="canonical" href="${escapeHtml(input.url)}">`,
    meta("property", "og:site_name", SHOP_NAME),
    meta("property", "og:type", input.type),
    meta("property", "og:title", input.title),
    meta("property", "og:description", input.description),
    meta("property", "og:url", input.url),
    meta("property", "og:image", image?.url),
    meta("property", "og:image:type", image?.type),
    meta("property", "og:image:width", image?.width ? String(image.width) : undefined),
    meta("property", "og:image:height", image?.height ? String(image.height) : undefined),
    meta("property", "og:locale", input.locale),
    product ? meta("property", "product:price:amount", product.price.toFixed(2)) : "",
    product ? meta("property", "product:price:currency", "BDT") : "",
    product ? meta("property", "product:availability", product.inStock ? "in stock" : "out of stock") : "",
    meta("name", "twitter:card", image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", input.title),
    meta("name", "twitter:description", input.description),
    meta("name", "twitter:image", image?.url),
    jsonLd ? `<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : "",
  ]
    .filter(Boolean)
    .join("\n    ")
}

/** A landing page's head: its headline, first picture and its product's offer. */
export function landingHead(page: LandingPage, url: string, origin: string, pictures: Pictures = {}): string {
  const product = page.productId
  const title = page.hero.headline?.trim() || page.title || product?.title || SHOP_NAME
  const gallery = galleryImages(page)
  const images = gallery.map((image) => absoluteUrl(image, origin)).filter((image): image is string => !!image)
  return renderHead({
    title,
    description: summary(page.hero.subheadline || page.hero.description || product?.description),
    url,
    image: previewImage(gallery[0], pictures, origin),
    // the gallery's first picture: the page's largest on a phone
    preload: picturePreload(gallery[0], pictures, landingGallerySizes(page), origin),
    type: product ? "product" : "website",
    locale: "bn_BD",
    product: product
      ? {
          id: product._id,
          name: product.title,
          brand: brandName(product.brand),
          price: unitPrice(product),
          inStock: Number(product.stock) > 0,
          images,
        }
      : undefined,
  })
}

export function productHead(product: Product, url: string, origin: string, pictures: Pictures = {}): string {
  const image = absoluteUrl(product.image, origin)
  return renderHead({
    title: `${product.title} | ${SHOP_NAME}`,
    description: summary(product.description),
    url,
    image: previewImage(product.image, pictures, origin),
    preload: picturePreload(product.image, pictures, PRODUCT_PAGE_SIZES, origin),
    type: "product",
    locale: "en_US",
    product: {
      id: product._id,
      name: product.title,
      brand: brandName(product.brand),
      price: unitPrice(product),
      inStock: Number(product.stock) > 0,
      images: image ? [image] : [],
    },
  })
}

/**
 * A listing's head (/shop/list, and home with `preload: false`: its first
 * picture is the banner, drawn in SVG, and its product cards are below the
 * fold and wait).
 */
export function listingHead(
  title: string,
  description: string,
  products: Product[],
  url: string,
  origin: string,
  options: { pictures?: Pictures; preload?: boolean } = {}
): string {
  const pictures = options.pictures ?? {}
  const first = products[0]?.image
  return renderHead({
    title,
    description,
    url,
    image: previewImage(first, pictures, origin),
    // the first card: a phone's largest picture (product-listing.tsx draws it with priority)
    preload: options.preload === false ? undefined : picturePreload(first, pictures, LISTING_CARD_SIZES, origin),
    type: "website",
    locale: "en_US",
    items: products.slice(0, 24).map((product) => ({
      url: new URL(`/shop/product/${encodeURIComponent(product._id)}`, origin).href,
      name: product.title,
    })),
  })
}
