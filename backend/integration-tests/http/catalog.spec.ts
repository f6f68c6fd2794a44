import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { BRANDS, CATEGORIES, CATEGORY_BRANDS, SORT_OPTIONS, type CategoryId } from "@shop/contract"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { SEED_PRODUCTS } from "../../src/scripts/seed-data"
import { shopIntegrationTestRunner } from "../utils/runner"

jest.setTimeout(180_000)

const pays = (p: Product) => (p.saleprice > 0 ? p.saleprice : p.price)

/** Resolves with the response for 4xx too, so tests can read the body. */
const anyStatus = { validateStatus: () => true }

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })

    const list = async (query = "") => {
      const res = await api.get(`/api/shop/products/get${query}`, anyStatus)
      return res
    }

    describe("the seeded catalog", () => {
      it("has a Bangladesh region in BDT, a stock location, courier options and a publishable key", async () => {
        const container = getContainer()
        const [region] = await container
          .resolve(Modules.REGION)
          .listRegions({ name: "Bangladesh" }, { relations: ["countries"] })
        expect(region.currency_code).toBe("bdt")
        expect(region.countries!.map((c) => c.iso_2)).toEqual(["bd"])
        const [store] = await container.resolve(Modules.STORE).listStores({}, { relations: ["supported_currencies"] })
        expect(store.supported_currencies!.find((c) => c.is_default)?.currency_code).toBe("bdt")
        expect(store.default_location_id).toBeTruthy()
        const options = await container.resolve(Modules.FULFILLMENT).listShippingOptions({})
        expect(options.map((o) => o.name).sort()).toEqual(["Inside Dhaka", "Outside Dhaka"])
        const keys = await container.resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
        expect(keys.length).toBeGreaterThan(0)
      })

      it("has the five categories and the seven brands, and a login for the admin", async () => {
        const container = getContainer()
        const categories = await container.resolve(Modules.PRODUCT).listProductCategories({})
        expect(categories.map((c) => c.handle).sort()).toEqual([...CATEGORIES].sort())
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data: brands } = await query.graph({ entity: "brand", fields: ["handle", "name"] })
        expect(brands.map((b) => b.handle).sort()).toEqual([...BRANDS].sort())
        const users = await container.resolve(Modules.USER).listUsers({ email: "admin@shop.local" })
        expect(users).toHaveLength(1)
      })

      it("lists at least 40 products over every category and brand, some on sale, three or more out of stock", async () => {
        const res = await list()
        expect(res.status).toBe(200)
        expect(res.data.success).toBe(true)
        const products: Product[] = res.data.products
        expect(products.length).toBe(SEED_PRODUCTS.length)
        expect(products.length).toBeGreaterThanOrEqual(40)
        expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES))
        expect(new Set(products.map((p) => p.brand))).toEqual(new Set(BRANDS))
        expect(products.filter((p) => p.saleprice > 0).length).toBeGreaterThanOrEqual(5)
        expect(products.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3)
        for (const p of products) {
          expect(CATEGORY_BRANDS[p.category as CategoryId]).toContain(p.brand)
        }
      })

      it("gives each product the spec's shape, with the seeded values", async () => {
        const products: Product[] = (await list()).data.products
        for (const p of products) {
          expect(Object.keys(p).sort()).toEqual(
            [
              "_id",
              "brand",
              "category",
              "description",
              "discount",
              "image",
              "price",
              "saleprice",
              "stock",
              "title",
            ].sort()
          )
          const seeded = SEED_PRODUCTS.find((s) => s.title === p.title)!
          expect(p).toMatchObject({
            category: seeded.category,
            brand: seeded.brand,
            price: seeded.price,
            saleprice: seeded.saleprice,
            stock: seeded.stock,
            description: seeded.description,
          })
          expect(p.discount).toBe(
            seeded.saleprice > 0 ? Math.round(((seeded.price - seeded.saleprice) / seeded.price) * 100) : 0
          )
        }
      })

      it("serves every product image as a PNG through the File module", async () => {
        const products: Product[] = (await list()).data.products
        const images = new Set(products.map((p) => p.image))
        expect(images.size).toBe(products.length)
        for (const p of products.slice(0, 6)) {
          const url = new URL(p.image)
          expect(url.pathname).toMatch(/^\/static\/.+\.png$/)
          const res = await api.get(url.pathname, { responseType: "arraybuffer" })
          expect(res.status).toBe(200)
          expect(res.headers["content-type"]).toMatch(/image\/png/)
          expect(Buffer.from(res.data).subarray(0, 8)).toEqual(
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
          )
        }
      })

      it("adds nothing when the seed runs again", async () => {
        const container = getContainer()
        const count = async () => {
          const query = container.resolve(ContainerRegistrationKeys.QUERY)
          const [products, brands, regions, users, levels, lists] = await Promise.all([
            query.graph({ entity: "product", fields: ["id"] }),
            query.graph({ entity: "brand", fields: ["id"] }),
            query.graph({ entity: "region", fields: ["id"] }),
            query.graph({ entity: "user", fields: ["id"] }),
            query.graph({ entity: "inventory_level", fields: ["id"] }),
            query.graph({ entity: "price_list", fields: ["id", "prices.id"] }),
          ])
          return {
            products: products.data.length,
            brands: brands.data.length,
            regions: regions.data.length,
            users: users.data.length,
            levels: levels.data.length,
            salePrices: lists.data.reduce((n, l) => n + (l.prices?.length ?? 0), 0),
          }
        }
        const before = await count()
        await seed({ container, args: [] } as never)
        expect(await count()).toEqual(before)
        expect(before.products).toBe(SEED_PRODUCTS.length)
      })
    })

    it("serves the OpenAPI description of /api", async () => {
      const res = await api.get("/api/openapi.json")
      expect(res.status).toBe(200)
      expect(res.data.openapi).toBe("3.1.0")
      expect(res.data.paths["/api/shop/products/get"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
        "category",
        "brand",
        "sortBy",
      ])
    })

    describe("GET /api/shop/products/get", () => {
      it("sorts by the price the shopper pays, low to high by default", async () => {
        const products: Product[] = (await list()).data.products
        const paid = products.map(pays)
        expect(paid).toEqual([...paid].sort((a, b) => a - b))
        // a product on sale sorts by its sale price, not its list price
        const onSale = products.find((p) => p.saleprice > 0 && p.saleprice < p.price)!
        const idx = products.indexOf(onSale)
        expect(products.slice(0, idx).every((p) => pays(p) <= onSale.saleprice)).toBe(true)
      })

      it.each([
        ["price-lowtohigh", (a: Product, b: Product) => pays(a) - pays(b)],
        ["price-hightolow", (a: Product, b: Product) => pays(b) - pays(a)],
        ["title-atoz", (a: Product, b: Product) => a.title.localeCompare(b.title, "en", { sensitivity: "base" })],
        ["title-ztoa", (a: Product, b: Product) => b.title.localeCompare(a.title, "en", { sensitivity: "base" })],
      ])("sortBy=%s orders the list", async (sortBy, compare) => {
        const products: Product[] = (await list(`?sortBy=${sortBy}`)).data.products
        expect(products.length).toBe(SEED_PRODUCTS.length)
        for (let i = 1; i < products.length; i++) {
          expect(compare(products[i - 1], products[i])).toBeLessThanOrEqual(0)
        }
      })

      it("covers all four sort options of the spec", () => {
        expect([...SORT_OPTIONS]).toEqual(["price-lowtohigh", "price-hightolow", "title-atoz", "title-ztoa"])
      })

      it("filters by one category", async () => {
        const products: Product[] = (await list("?category=footwear")).data.products
        const expected = SEED_PRODUCTS.filter((p) => p.category === "footwear").length
        expect(products).toHaveLength(expected)
        expect(products.every((p) => p.category === "footwear")).toBe(true)
      })

      it("widens within a group: category=men,women is men OR women", async () => {
        const products: Product[] = (await list("?category=men,women")).data.products
        const expected = SEED_PRODUCTS.filter((p) => p.category === "men" || p.category === "women").length
        expect(products).toHaveLength(expected)
        expect(new Set(products.map((p) => p.category))).toEqual(new Set(["men", "women"]))
      })

      it("narrows across groups: category AND brand, with h&m encoded as the storefront sends it", async () => {
        const res = await list(`?category=women,accessories&brand=${encodeURIComponent("h&m,levi")}&sortBy=title-atoz`)
        const products: Product[] = res.data.products
        const expected = SEED_PRODUCTS.filter(
          (p) => ["women", "accessories"].includes(p.category) && ["h&m", "levi"].includes(p.brand)
        )
        expect(products.map((p) => p.title).sort()).toEqual(expected.map((p) => p.title).sort())
        expect(products.length).toBeGreaterThan(2)
      })

      it("accepts repeated keys and ignores empty values", async () => {
        const a: Product[] = (await list("?brand=nike&brand=puma")).data.products
        const b: Product[] = (await list("?brand=nike,,puma,")).data.products
        expect(a.map((p) => p._id)).toEqual(b.map((p) => p._id))
        expect(new Set(a.map((p) => p.brand))).toEqual(new Set(["nike", "puma"]))
      })

      it("answers an empty list when nothing matches", async () => {
        // zara makes no footwear
        const res = await list("?category=footwear&brand=zara")
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ success: true, products: [] })
      })

      it.each([
        ["?sortBy=cheapest", /sortBy/],
        ["?category=shoes", /category 'shoes'/],
        ["?brand=gucci", /brand 'gucci'/],
        ["?category=men,bogus", /category 'bogus'/],
        ["?color=red", /Unknown parameter: color/],
        ["?sortBy[$ne]=x", /sortBy/],
      ])("refuses %s with 400 and a message", async (query, message) => {
        const res = await list(query)
        expect(res.status).toBe(400)
        expect(res.data.success).toBe(false)
        expect(res.data.message).toMatch(message)
        expect(JSON.stringify(res.data)).not.toMatch(/at .*\.js/)
      })
    })
  },
})
