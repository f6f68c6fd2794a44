import type { Cart, LandingPage, Pictures, Product } from "@shop/contract"
import { MEDIA_MODULE } from "../../src/modules/media"
import type MediaModuleService from "../../src/modules/media/service"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(240_000)

/**
 * The answers pages render from carry `pictures` beside their data: the
 * stored picture of every URL the answer mentions (what the media module
 * holds for it), nothing else; an answer with no pictured URL carries none.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    beforeAll(async () => {
      // the seed's product pictures go through the picture pipeline
      await seed({ container: getContainer(), args: [] } as never)
    })

    const media = () => getContainer().resolve<MediaModuleService>(MEDIA_MODULE)
    const stored = (urls: string[]) => media().picturesFor(urls)
    const as = (cookie: string) => ({ headers: { cookie } })

    it("the listing: the pictures of its products' images, exactly as stored", async () => {
      const res = await api.get("/api/shop/products/get?category=men")
      const products: Product[] = res.data.products
      expect(products.length).toBeGreaterThan(0)
      const pictures: Pictures = res.data.pictures
      expect(Object.keys(pictures).sort()).toEqual([...new Set(products.map((p) => p.image))].sort())
      expect(pictures).toEqual(await stored(products.map((p) => p.image)))
      const picture = pictures[products[0].image]
      expect(picture.width).toBeGreaterThan(0)
      expect(picture.height).toBeGreaterThan(0)
      expect(picture.placeholder).toMatch(/^data:image\//)
      expect(picture.variants.some((v) => v.format === "jpeg")).toBe(true)
      // the key list has no internal File module keys
      expect(picture.variants.every((v) => !("key" in v))).toBe(true)
    })

    it("a listing of nothing carries no pictures (its shape as before)", async () => {
      // zara makes no footwear
      const res = await api.get("/api/shop/products/get?category=footwear&brand=zara")
      expect(res.data).toEqual({ success: true, products: [] })
    })

    it("a product: its own picture only", async () => {
      const [first]: Product[] = (await api.get("/api/shop/products/get")).data.products
      const one = await api.get(`/api/shop/products/get/${first._id}`)
      expect(Object.keys(one.data.pictures)).toEqual([first.image])
      expect(one.data.pictures).toEqual(await stored([first.image]))
    })

    it("the public landing page: the pictures of its hero, gallery and product", async () => {
      const res = await api.get(`/api/landing/${DEMO_LANDING_PAGE.slug}`)
      const page: LandingPage = res.data.data
      const urls = [page.hero.heroImage, ...page.hero.heroImages, ...page.gallery.images, page.productId!.image].filter(
        Boolean
      )
      expect(urls.length).toBeGreaterThan(0)
      expect(res.data.pictures).toEqual(await stored(urls))
      expect(Object.keys(res.data.pictures).length).toBeGreaterThan(0)
    })

    it("a URL without a stored picture is absent, never an error", async () => {
      const { cookie } = await loginAs(api, ADMIN)
      const [product]: Product[] = (await api.get("/api/shop/products/get")).data.products
      const created = await api.post(
        "/api/admin/landing-pages/create",
        {
          title: "No pictures",
          slug: `no-pictures-${Date.now()}`,
          productId: product._id,
          isActive: true,
          hero: { heroImage: "https://elsewhere.example/hero.jpg", heroImages: ["https://elsewhere.example/hero.jpg"] },
        },
        { ...as(cookie), ...anyStatus }
      )
      expect(created.status).toBeLessThan(300)
      const res = await api.get(`/api/landing/${created.data.data.slug}`)
      expect(res.status).toBe(200)
      expect(Object.keys(res.data.pictures)).toEqual([product.image])
    })

    it("the cart: its lines' pictures, on every cart answer", async () => {
      const me = await customerSession(api, "Picture Shopper")
      const [product]: Product[] = (await api.get("/api/shop/products/get")).data.products.filter(
        (p: Product) => p.stock > 0
      )
      const added = await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity: 1 },
        as(me.cookie)
      )
      expect(added.data.pictures).toEqual(await stored([product.image]))
      const read = await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))
      const cart: Cart = read.data.data
      expect(cart.items).toHaveLength(1)
      expect(read.data.pictures).toEqual(added.data.pictures)
    })
  },
})
