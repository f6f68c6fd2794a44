import { describe, expect, it } from "vitest"
import { landingPage } from "@/features/landing/testing/fixtures"
import { landingGallerySizes } from "@/features/landing/utils/page"
import { LANDING_GALLERY_SINGLE_SIZES } from "@/features/landing/utils/page"
import { LISTING_CARD_SIZES, PRODUCT_PAGE_SIZES } from "@/features/products/utils/picture-sizes"
import { makeProduct } from "@/testing/fake-api"
import { makePicture } from "@/testing/pictures"
import { srcsetOf } from "@shop/contract"
import { landingHead, listingHead, productHead } from "./seo"

const ORIGIN = "https://shop.example"
const meta = (head: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1]
const preloads = (head: string) => head.match(/<link rel="preload"[^>]*>/g) ?? []
const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, "&")

describe("the head of a page with stored pictures", () => {
  const page = landingPage()
  const first = page.hero.heroImages[0]!
  const pictures = {
    [first]: makePicture(first),
    "https://img.example/two.jpg": makePicture("https://img.example/two.jpg"),
  }

  it("preloads the landing gallery's first picture as its <picture> chooses it: the AVIF srcset, its sizes and type", () => {
    const head = landingHead(page, `${ORIGIN}/landing/demo`, ORIGIN, pictures)
    const [preload, ...others] = preloads(head)
    expect(others).toEqual([])
    expect(attr(preload!, "imagesrcset")).toBe(srcsetOf(pictures[first]!, "avif"))
    expect(attr(preload!, "imagesizes")).toBe(landingGallerySizes(page))
    expect(attr(preload!, "type")).toBe("image/avif")
    expect(attr(preload!, "fetchpriority")).toBe("high")
    // no href: a browser that cannot read imagesrcset fetches nothing it would not use
    expect(attr(preload!, "href")).toBeUndefined()
  })

  it("a page without the order form has a wider gallery, and preloads with that width", () => {
    const single = landingPage({ orderForm: { ...page.orderForm, showOrderForm: false } })
    const head = landingHead(single, `${ORIGIN}/landing/demo`, ORIGIN, pictures)
    expect(attr(preloads(head)[0]!, "imagesizes")).toBe(LANDING_GALLERY_SINGLE_SIZES)
  })

  it("points link previews at the 1200-wide JPEG variant, with its size and type", () => {
    const head = landingHead(page, `${ORIGIN}/landing/demo`, ORIGIN, pictures)
    expect(meta(head, "og:image")).toBe("https://img.example/one-1200.jpg")
    expect(meta(head, "og:image:width")).toBe("1200")
    expect(meta(head, "og:image:height")).toBe("900")
    expect(meta(head, "og:image:type")).toBe("image/jpeg")
    expect(meta(head, "twitter:image")).toBe("https://img.example/one-1200.jpg")
  })

  it("a picture narrower than 1200 px previews with its widest JPEG", () => {
    const small = { [first]: makePicture(first, { width: 800, height: 800 }) }
    const head = landingHead(page, `${ORIGIN}/landing/demo`, ORIGIN, small)
    expect(meta(head, "og:image")).toBe("https://img.example/one-640.jpg")
    expect(meta(head, "og:image:width")).toBe("640")
  })

  it("a product page preloads its picture with the product page's sizes, and previews the 1200 JPEG", () => {
    const product = makeProduct({ image: "/static/polo.png" })
    const polo = { "/static/polo.png": makePicture("/static/polo.png", { width: 2000, height: 2000 }) }
    const head = productHead(product, `${ORIGIN}/shop/product/p`, ORIGIN, polo)
    const [preload] = preloads(head)
    expect(attr(preload!, "imagesrcset")).toBe(srcsetOf(polo["/static/polo.png"]!, "avif"))
    expect(attr(preload!, "imagesizes")).toBe(PRODUCT_PAGE_SIZES)
    expect(meta(head, "og:image")).toBe("https://shop.example/static/polo-1200.jpg")
    expect(meta(head, "og:image:height")).toBe("1200")
  })

  it("the listing preloads its first card's picture; home, whose first picture is the banner, preloads none", () => {
    const products = [makeProduct({ image: first }), makeProduct({ _id: "p2", image: "https://img.example/two.jpg" })]
    const list = listingHead("All", "", products, `${ORIGIN}/shop/list`, ORIGIN, { pictures })
    expect(attr(preloads(list)[0]!, "imagesizes")).toBe(LISTING_CARD_SIZES)
    expect(meta(list, "og:image")).toBe("https://img.example/one-1200.jpg")
    const home = listingHead("Home", "", products, `${ORIGIN}/`, ORIGIN, { pictures, preload: false })
    expect(preloads(home)).toEqual([])
    expect(meta(home, "og:image")).toBe("https://img.example/one-1200.jpg")
  })

  it("a URL without a stored picture keeps today's tags: the plain preload and the URL itself", () => {
    const head = landingHead(page, `${ORIGIN}/landing/demo`, ORIGIN, {})
    expect(preloads(head)).toEqual([`<link rel="preload" as="image" href="${first}" fetchpriority="high">`])
    expect(meta(head, "og:image")).toBe(first)
    expect(meta(head, "og:image:width")).toBeUndefined()
  })
})
