import http from "http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import sharp from "sharp"
import type { Product } from "@shop/contract"
import { productPicture } from "../../src/scripts/png"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs, multipart } from "../utils/session"

jest.setTimeout(180_000)

const form = {
  image: "http://localhost:9000/static/placeholder.png",
  title: "Handloom Lungi",
  description: "Soft cotton lungi woven in Sirajganj.",
  category: "men",
  brand: "no-brand",
  price: 950,
  saleprice: 799,
  stock: 12,
  discount: 16,
}

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { cookie: string }

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      admin = await loginAs(api, ADMIN)
    })

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const productCount = async () => {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "product", fields: ["id"] })
      return data.length
    }
    const shopList = async () => (await api.get("/api/shop/products/get")).data.products as Product[]

    describe("who may use /api/admin", () => {
      it.each([
        ["get", "/api/admin/products/get-products"],
        ["post", "/api/admin/products/add-product"],
        ["put", "/api/admin/products/edit-product/prod_x"],
        ["delete", "/api/admin/products/delete-product/prod_x"],
        ["post", "/api/admin/products/upload-image"],
        ["get", "/api/admin/anything-else"],
      ])("%s %s: 401 without a session, 403 for a customer", async (method, path) => {
        const call = (cookie?: string) =>
          method === "get" || method === "delete"
            ? (api as never as Record<string, Function>)[method](path, as(cookie))
            : (api as never as Record<string, Function>)[method](path, form, as(cookie))
        const anonymous = await call()
        expect(anonymous.status).toBe(401)
        expect(anonymous.data.success).toBe(false)
        const customer = await customerSession(api, `Shopper ${method}${path.length}`)
        const forbidden = await call(customer.cookie)
        expect(forbidden.status).toBe(403)
        expect(forbidden.data).toEqual({ success: false, message: expect.any(String) })
      })
    })

    describe("products", () => {
      it("reads one product for the product page, and 404 with a message for an unknown id", async () => {
        const [first] = await shopList()
        const one = await api.get(`/api/shop/products/get/${first._id}`, anyStatus)
        expect(one.status).toBe(200)
        expect(one.data).toEqual({ success: true, data: first, pictures: { [first.image]: expect.any(Object) } })
        for (const id of ["prod_01UNKNOWN", "not-an-id", "%27%20or%201%3D1"]) {
          const missing = await api.get(`/api/shop/products/get/${id}`, anyStatus)
          expect(missing.status).toBe(404)
          expect(missing.data).toEqual({ success: false, message: "Product not found" })
        }
      })

      it("lists every product for the admin", async () => {
        const res = await api.get("/api/admin/products/get-products", as(admin.cookie))
        expect(res.status).toBe(200)
        expect(res.data.success).toBe(true)
        expect(res.data.products).toHaveLength((await shopList()).length)
      })

      it("adds a product with its stock, sale price, category and brand, visible in the shop", async () => {
        const res = await api.post("/api/admin/products/add-product", form, as(admin.cookie))
        expect(res.status).toBe(201)
        expect(res.data.success).toBe(true)
        expect(res.data.message).toBe("Product added successfully")
        const { _id, ...rest } = res.data.data as Product
        expect(rest).toEqual(form)
        const listed = (await api.get("/api/shop/products/get?category=men&brand=no-brand")).data.products as Product[]
        expect(listed.find((p) => p._id === _id)).toMatchObject({ title: form.title, saleprice: 799, stock: 12 })
      })

      it("accepts numbers sent as text, as HTML forms send them", async () => {
        const res = await api.post(
          "/api/admin/products/add-product",
          { ...form, price: "1200", saleprice: "0", stock: "3", discount: "0" },
          as(admin.cookie)
        )
        expect(res.status).toBe(201)
        expect(res.data.data).toMatchObject({ price: 1200, saleprice: 0, stock: 3, discount: 0 })
      })

      it.each([
        [{ title: "" }, /Title is required/],
        [{ description: "   " }, /Description is required/],
        [{ image: "" }, /Image is required/],
        [{ image: "javascript:alert(1)" }, /URL of an uploaded image/],
        [{ category: "shoes" }, /Category must be one of/],
        [{ brand: "gucci" }, /Brand must be one of/],
        [{ category: "women", brand: "nike" }, /not offered in category 'women'/],
        [{ price: -1 }, /Price must be 0 or more/],
        [{ price: "abc" }, /Price must be a number/],
        [{ saleprice: -5 }, /Sale price must be 0 or more/],
        [{ saleprice: 2000 }, /lower than the price/],
        [{ stock: 1.5 }, /whole number/],
        [{ stock: -2 }, /Stock must be 0 or more/],
        [{ discount: 101 }, /at most 100/],
        [{ discount: -1 }, /Discount must be 0 or more/],
        [{ price: undefined }, /Price is required/],
        [{ title: { $ne: "" } }, /Title/],
      ])("refuses %j with 400 and adds nothing", async (change, message) => {
        const before = await productCount()
        const res = await api.post("/api/admin/products/add-product", { ...form, ...change }, as(admin.cookie))
        expect(res.status).toBe(400)
        expect(res.data.success).toBe(false)
        expect(res.data.message).toMatch(message)
        expect(await productCount()).toBe(before)
      })

      it("edits every field: price, sale price on and off, stock, category and brand", async () => {
        const created = (await api.post("/api/admin/products/add-product", form, as(admin.cookie))).data.data as Product
        const edit = {
          ...form,
          title: "Handloom Lungi (check)",
          image: "http://localhost:9000/static/other.png",
          category: "footwear",
          brand: "puma",
          price: 1000,
          saleprice: 0,
          stock: 40,
          discount: 0,
        }
        const res = await api.put(`/api/admin/products/edit-product/${created._id}`, edit, as(admin.cookie))
        expect(res.status).toBe(200)
        expect(res.data).toMatchObject({ success: true, message: "Product updated successfully" })
        expect(res.data.data).toEqual({ _id: created._id, ...edit })

        const again = await api.put(
          `/api/admin/products/edit-product/${created._id}`,
          { ...edit, saleprice: 850 },
          as(admin.cookie)
        )
        expect(again.data.data.saleprice).toBe(850)
        const shop = (await api.get(`/api/shop/products/get/${created._id}`)).data.data as Product
        expect(shop).toMatchObject({ category: "footwear", brand: "puma", price: 1000, saleprice: 850, stock: 40 })
      })

      it("refuses an edit that breaks a rule and leaves the product as it was", async () => {
        const created = (await api.post("/api/admin/products/add-product", form, as(admin.cookie))).data.data as Product
        const res = await api.put(
          `/api/admin/products/edit-product/${created._id}`,
          { ...form, category: "kids", brand: "levi" },
          as(admin.cookie)
        )
        expect(res.status).toBe(400)
        expect((await api.get(`/api/shop/products/get/${created._id}`)).data.data).toEqual(created)
        const missing = await api.put("/api/admin/products/edit-product/prod_missing", form, as(admin.cookie))
        expect(missing.status).toBe(404)
        expect(missing.data.success).toBe(false)
      })

      it("deletes a product: gone from the shop, 404 afterwards", async () => {
        const created = (await api.post("/api/admin/products/add-product", form, as(admin.cookie))).data.data as Product
        const res = await api.delete(`/api/admin/products/delete-product/${created._id}`, as(admin.cookie))
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ success: true, message: "Product deleted successfully" })
        expect((await shopList()).some((p) => p._id === created._id)).toBe(false)
        expect((await api.get(`/api/shop/products/get/${created._id}`, anyStatus)).status).toBe(404)
        const twice = await api.delete(`/api/admin/products/delete-product/${created._id}`, as(admin.cookie))
        expect(twice.status).toBe(404)
      })
    })

    describe("POST /api/admin/products/upload-image", () => {
      const upload = (part: ReturnType<typeof multipart>, cookie = admin.cookie) =>
        api.post("/api/admin/products/upload-image", part.body, {
          ...anyStatus,
          headers: { ...part.headers, cookie },
          maxBodyLength: Infinity,
        })

      it("stores a real PNG under a generated name and answers a URL that loads it", async () => {
        const png = productPicture(7, "bag", 64)
        const res = await upload(multipart("my_file", "../../etc/passwd.png", "image/png", png))
        expect(res.status).toBe(201)
        expect(res.data).toEqual({
          success: true,
          message: "Image uploaded successfully!",
          result: { url: expect.any(String) },
        })
        const url = new URL(res.data.result.url)
        expect(url.pathname).toMatch(/^\/static\/\d+-[0-9a-f-]{36}\.png$/)
        const file = await api.get(url.pathname, { responseType: "arraybuffer" })
        // stored re-encoded without metadata (pictures.spec.ts): a PNG keeps every pixel
        const pixels = (image: Buffer) => sharp(image).raw().toBuffer()
        expect((await pixels(Buffer.from(file.data))).equals(await pixels(png))).toBe(true)
      })

      it.each([
        ["image/jpeg", "photo.jpg", "jpeg", /\.jpg$/],
        ["image/gif", "a.gif", "gif", /\.gif$/],
        ["image/webp", "a.webp", "webp", /\.webp$/],
      ] as const)("accepts %s by its bytes", async (type, name, format, ext) => {
        const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#aa5500" } })
          .toFormat(format)
          .toBuffer()
        const res = await upload(multipart("my_file", name, type, bytes))
        expect(res.status).toBe(201)
        expect(res.data.result.url).toMatch(ext)
      })

      it.each([
        [
          "an SVG named .png",
          "x.png",
          "image/png",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ],
        ["HTML named .jpg", "x.jpg", "image/jpeg", Buffer.from("<html><script>alert(1)</script></html>")],
        ["a script named .gif", "x.gif", "image/gif", Buffer.from("alert(document.cookie)")],
        ["an empty file", "x.png", "image/png", Buffer.alloc(0)],
      ])("refuses %s with 400", async (_label, name, type, bytes) => {
        const res = await upload(multipart("my_file", name, type, bytes))
        expect(res.status).toBe(400)
        expect(res.data.success).toBe(false)
        expect(res.data.message).toMatch(/image/i)
      })

      it("refuses a file over 5,242,880 bytes with 413 and the spec's message", async () => {
        const big = Buffer.concat([productPicture(1, "cap", 16), Buffer.alloc(5_242_881)])
        const res = await upload(multipart("my_file", "big.png", "image/png", big))
        expect(res.status).toBe(413)
        expect(res.data).toEqual({ success: false, message: "Image size should be less than 5MB" })
      })

      it("answers 413 while an oversized upload is still streaming: the rest is never read or held", async () => {
        const { hostname, port } = new URL(api.defaults.baseURL!)
        const boundary = "----shopboundary"
        const answer = await new Promise<{ status: number; body: string; sentMB: number }>((resolve, reject) => {
          const req = http.request({
            hostname,
            port,
            method: "POST",
            path: "/api/admin/products/upload-image",
            headers: { cookie: admin.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
          })
          let sent = 0
          let answered = false
          req.on("response", (res) => {
            answered = true
            let body = ""
            res.on("data", (c) => (body += c))
            res.on("end", () => {
              resolve({ status: res.statusCode!, body, sentMB: sent / 1024 / 1024 })
              req.destroy()
            })
          })
          req.on("error", (err) =>
            answered ? undefined : reject(new Error(`${err.message} after ${sent / 1024 / 1024} MB`))
          )
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="my_file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`
          )
          req.write(productPicture(1, "cap", 16))
          // an endless body: 1 MB at a time, up to 200 MB, unless the server answers first
          const chunk = Buffer.alloc(1024 * 1024)
          const pump = () => {
            while (!answered && sent < 200 * 1024 * 1024) {
              sent += chunk.length
              if (!req.write(chunk)) return req.once("drain", pump)
            }
          }
          pump()
        })
        expect(answer.status).toBe(413)
        expect(JSON.parse(answer.body)).toEqual({ success: false, message: "Image size should be less than 5MB" })
        // answered long before the client was done (it would have sent 200 MB)
        expect(answer.sentMB).toBeLessThan(100)
      })

      it("refuses the wrong field, JSON instead of multipart, and no session", async () => {
        const wrongField = await upload(multipart("file", "a.png", "image/png", productPicture(2, "cap", 16)))
        expect(wrongField.status).toBe(400)
        const json = await api.post("/api/admin/products/upload-image", { my_file: "x" }, as(admin.cookie))
        expect(json.status).toBe(400)
        const anonymous = await api.post("/api/admin/products/upload-image", {}, anyStatus)
        expect(anonymous.status).toBe(401)
      })

      it("answers 400 to a form that ends in the middle of the image, and keeps serving", async () => {
        const whole = multipart("my_file", "a.png", "image/png", productPicture(2, "cap", 16))
        // cut before the closing boundary: the file stream ends with an error
        const cut = { ...whole, body: whole.body.subarray(0, whole.body.length - 30) }
        for (let i = 0; i < 3; i++) {
          const res = await upload(cut)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ success: false, message: "The upload could not be read" })
        }
        expect((await upload(whole)).status).toBe(201)
      })
    })
  },
})
