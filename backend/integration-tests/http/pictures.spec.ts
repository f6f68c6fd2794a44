import { existsSync, readdirSync } from "node:fs"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { deflateSync } from "node:zlib"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import sharp from "sharp"
import { MAX_PICTURE_PIXELS, PICTURE_MESSAGES, PICTURE_WIDTHS, type Picture, type Pictures } from "@shop/contract"
import { LOCAL_VARIANT_PATH } from "../../src/lib/picture-names"
import pictureVariants from "../../src/migration-scripts/picture-variants"
import { MEDIA_MODULE } from "../../src/modules/media"
import type MediaModuleService from "../../src/modules/media/service"
import { productPicture } from "../../src/scripts/png"
import seed from "../../src/scripts/seed"
import { storePictureWorkflow } from "../../src/workflows/store-pictures"
import { gpsTags, makePhonePhoto } from "../utils/phone-photo"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, loginAs, multipart } from "../utils/session"

jest.setTimeout(240_000)

const STATIC_DIR = path.join(process.cwd(), "static")
/** Temporary files and folders of this process's uploads and pictures (upload.ts, the pictures' work folders). */
const leftovers = () =>
  readdirSync(tmpdir()).filter(
    (f) => f.startsWith(`shop-upload-${process.pid}-`) || f.startsWith(`shop-picture-${process.pid}-`)
  )
const onDisk = (key: string) => existsSync(path.join(STATIC_DIR, key))
/** `check()` once it answers an empty list, or its last answer after 20 s (AVIF variants are made after an upload answers). */
async function settled<T>(check: () => T[]): Promise<T[]> {
  const until = Date.now() + 20_000
  for (;;) {
    const left = check()
    if (!left.length || Date.now() > until) return left
    await new Promise((r) => setTimeout(r, 100))
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data])
  let c = 0xffffffff
  for (const b of body) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE((c ^ 0xffffffff) >>> 0)
  return Buffer.concat([length, body, crc])
}

/** A decompression bomb: a PNG declaring 20000x20000 pixels (400 M), a few hundred bytes on disk. */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(20_000, 0)
  ihdr.writeUInt32BE(20_000, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  // the first rows only: a decoder that believed it would allocate 1.2 GB first
  const rows = deflateSync(Buffer.alloc((20_000 * 3 + 1) * 4))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { cookie: string }
    let photo: Buffer
    /**
     * The keys of every file this app stored through the File module (other
     * spec files share the static folder: its listing says nothing of this one's uploads).
     */
    const storedKeys: string[] = []
    /** The keys stored while `work` ran. */
    const storedDuring = async (work: () => Promise<unknown>) => {
      const from = storedKeys.length
      await work()
      return storedKeys.slice(from)
    }

    beforeAll(async () => {
      const files = getContainer().resolve(Modules.FILE)
      const getUploadStream = files.getUploadStream.bind(files)
      files.getUploadStream = async (data) => {
        const upload = await getUploadStream(data)
        storedKeys.push(upload.fileKey)
        return upload
      }
      await seed({ container: getContainer(), args: [] } as never)
      photo = await makePhonePhoto()
    })
    beforeEach(async () => {
      admin = await loginAs(api, ADMIN)
    })

    const media = () => getContainer().resolve<MediaModuleService>(MEDIA_MODULE)
    const pictureCount = async () => (await media().listPictures({}, { select: ["id"] })).length
    const upload = (route: string, field: string, name: string, type: string, content: Buffer) => {
      const part = multipart(field, name, type, content)
      return api.post(route, part.body, {
        ...anyStatus,
        headers: { ...part.headers, cookie: admin.cookie },
        maxBodyLength: Infinity,
      })
    }
    const shopUpload = (name: string, type: string, content: Buffer) =>
      upload("/api/admin/products/upload-image", "my_file", name, type, content)
    const download = async (url: string) => {
      const res = await api.get(new URL(url).pathname, { ...anyStatus, responseType: "arraybuffer" })
      return { status: res.status, headers: res.headers, body: Buffer.from(res.data) }
    }
    /** The picture of `url` once it has variants in `format` (AVIF comes right after the upload answers). */
    const pictureWith = async (url: string, format: string, ms = 60_000): Promise<Picture> => {
      const until = Date.now() + ms
      for (;;) {
        const picture = (await media().picturesFor([url]))[url]
        if (picture?.variants.some((v) => v.format === format) || Date.now() > until) return picture!
        await new Promise((r) => setTimeout(r, 250))
      }
    }

    it("the test photo is what phones send: 3-5 MB, orientation 6, with a GPS position", async () => {
      expect(photo.length).toBeGreaterThan(3_000_000)
      expect(photo.length).toBeLessThan(5_242_880)
      const meta = await sharp(photo).metadata()
      expect([meta.width, meta.height, meta.orientation]).toEqual([4032, 3024, 6])
      expect(await gpsTags(photo)).toEqual(expect.objectContaining({ GPSLatitudeRef: "N", GPSLatitude: [23, 48, 30] }))
    })

    it("a 12-megapixel phone photo is stored upright without metadata, with its variants and placeholder", async () => {
      let res!: Awaited<ReturnType<typeof shopUpload>>
      let took = 0
      const keys = await storedDuring(async () => {
        const started = Date.now()
        res = await shopUpload("IMG_0001.jpg", "image/jpeg", photo)
        took = Date.now() - started
      })
      expect(res.status).toBe(201)
      expect(res.data).toEqual({
        success: true,
        message: "Image uploaded successfully!",
        result: { url: expect.any(String) },
      })
      const url: string = res.data.result.url
      console.log(`12 MP upload answered in ${took} ms`)
      // the original keeps a random name, as uploads always had
      expect(new URL(url).pathname).toMatch(/^\/static\/\d+-[0-9a-f-]{36}\.jpg$/)
      // the original and its JPEG and WebP variants were stored while the upload waited
      expect(keys).toHaveLength(1 + 2 * 5)

      // the original: upright (the encoded 4032x3024 turned a quarter), nothing but pixels
      const original = await download(url)
      expect(original.status).toBe(200)
      const meta = await sharp(original.body).metadata()
      expect(meta.format).toBe("jpeg")
      expect([meta.width, meta.height]).toEqual([3024, 4032])
      expect(meta.orientation).toBeUndefined()
      expect(meta.exif).toBeUndefined()
      expect(await gpsTags(original.body)).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.iptc).toBeUndefined()
      expect(original.body.includes(Buffer.from("Redmi"))).toBe(false)
      // the original is not named by its content: it is not cached for good
      expect(original.headers["cache-control"]).not.toMatch(/immutable/)

      // JPEG and WebP variants exist when the upload answers; AVIF right after
      const now = (await media().picturesFor([url]))[url]!
      expect(now).toBeDefined()
      expect(new Set(now.variants.map((v) => v.format))).toEqual(new Set(["webp", "jpeg"]))
      const picture = await pictureWith(url, "avif")
      expect([picture.url, picture.width, picture.height]).toEqual([url, 3024, 4032])
      expect(picture.placeholder).toMatch(/^data:image\/webp;base64,/)
      expect(picture.placeholder.length).toBeLessThan(1024)
      const widths = PICTURE_WIDTHS.filter((w) => w < 3024)
      for (const format of ["avif", "webp", "jpeg"] as const) {
        expect(
          picture.variants
            .filter((v) => v.format === format)
            .map((v) => v.width)
            .sort((a, b) => a - b)
        ).toEqual(widths)
      }
      const sizes: string[] = []
      for (const v of picture.variants) {
        expect(v.width).toBeLessThanOrEqual(3024)
        expect(v.height).toBe(Math.round((v.width * 4032) / 3024))
        expect(new URL(v.url).pathname).toMatch(LOCAL_VARIANT_PATH)
        const file = await download(v.url)
        expect([v.url, file.status]).toEqual([v.url, 200])
        expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
        expect(file.body.length).toBe(v.bytes)
        expect(file.body.length).toBeLessThan(original.body.length)
        const vm = await sharp(file.body).metadata()
        expect([vm.format === "heif" ? "avif" : vm.format, vm.width, vm.height]).toEqual([v.format, v.width, v.height])
        expect(vm.exif).toBeUndefined()
        sizes.push(`${v.format} ${v.width}w ${v.bytes}`)
      }
      console.log(`original ${original.body.length} bytes (uploaded ${photo.length}); ${sizes.join(", ")}`)
      for (const v of picture.variants) expect(onDisk(decodeURIComponent(new URL(v.url).pathname.slice(8)))).toBe(true)
      expect(await settled(leftovers)).toEqual([])
    })

    it("a small PNG with transparency gets variants at its own width only, never upscaled", async () => {
      const png = await sharp({
        create: { width: 200, height: 150, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
      })
        .png()
        .toBuffer()
      const res = await shopUpload("small.png", "image/png", png)
      expect(res.status).toBe(201)
      const url: string = res.data.result.url
      expect(url).toMatch(/\.png$/)
      const picture = await pictureWith(url, "avif")
      expect([picture.width, picture.height]).toEqual([200, 150])
      expect(picture.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([
        "avif 200x150",
        "jpeg 200x150",
        "webp 200x150",
      ])
      const original = await sharp((await download(url)).body).metadata()
      expect([original.format, original.width, original.hasAlpha]).toEqual(["png", 200, true])
    })

    it("the landing page uploader and Medusa Admin's /admin/uploads make pictures too; deleting the file deletes them", async () => {
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } })
        .jpeg()
        .toBuffer()
      const landing = await upload("/api/admin/landing-pages/upload-image", "my_file", "a.jpg", "image/jpeg", jpeg)
      expect(landing.status).toBe(201)
      const native = await upload("/admin/uploads", "files", "b.jpg", "image/jpeg", jpeg)
      expect(native.status).toBe(200)
      const [file] = native.data.files as { id: string; url: string }[]
      const pictures = await media().picturesFor([landing.data.result.url, file!.url, "http://nowhere/x.png"])
      expect(Object.keys(pictures).sort()).toEqual([landing.data.result.url, file!.url].sort())
      for (const p of Object.values(pictures)) {
        expect(p.variants.filter((v) => v.format === "jpeg").map((v) => v.width)).toEqual([320, 640, 800])
      }
      // Medusa Admin deleting the file deletes its picture: variants, record and all
      const variants = (await pictureWith(file!.url, "avif")).variants
      const removed = await api.delete(`/admin/uploads/${encodeURIComponent(file!.id)}`, {
        ...anyStatus,
        headers: { cookie: admin.cookie },
      })
      expect(removed.status).toBe(200)
      expect(await media().picturesFor([file!.url])).toEqual({})
      expect(
        [file!.id, ...variants.map((v) => decodeURIComponent(new URL(v.url).pathname.slice(8)))].filter(onDisk)
      ).toEqual([])
    })

    describe("refusals: 400, nothing stored, nothing recorded, nothing left on disk", () => {
      const truncated = () => photo.subarray(0, Math.floor(photo.length / 2))
      it.each([
        [
          "not an image",
          "notes.jpg",
          "image/jpeg",
          () => Buffer.from("just some text, not a picture"),
          PICTURE_MESSAGES.notAnImage,
        ],
        ["a PNG declaring 20000x20000 pixels", "bomb.png", "image/png", pixelBomb, PICTURE_MESSAGES.tooManyPixels],
        ["a JPEG cut in half", "cut.jpg", "image/jpeg", truncated, PICTURE_MESSAGES.corrupt],
        [
          "JPEG magic bytes and zeros",
          "zeros.jpg",
          "image/jpeg",
          () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096)]),
          PICTURE_MESSAGES.corrupt,
        ],
        [
          "a PNG signature and garbage",
          "garbage.png",
          "image/png",
          () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]),
          PICTURE_MESSAGES.corrupt,
        ],
      ])("%s", async (_label, name, type, content, message) => {
        const pictures = await pictureCount()
        const started = Date.now()
        let res!: Awaited<ReturnType<typeof shopUpload>>
        const keys = await storedDuring(async () => {
          res = await shopUpload(name, type, content())
        })
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ success: false, message })
        // refused from the header, not after decoding 400 M pixels
        expect(Date.now() - started).toBeLessThan(5_000)
        expect(keys).toEqual([])
        expect(await pictureCount()).toBe(pictures)
        expect(await settled(leftovers)).toEqual([])
        // Medusa Admin's uploader refuses it the same way
        const nativeKeys = await storedDuring(async () => {
          const native = await upload("/admin/uploads", "files", name, type, content())
          expect(native.status).toBe(400)
          expect(native.data.message).toBe(message)
        })
        expect(nativeKeys).toEqual([])
        expect(await pictureCount()).toBe(pictures)
        expect(await settled(leftovers)).toEqual([])
      })

      it("MAX_PICTURE_PIXELS lets a 12-megapixel photo through", () => {
        expect(4032 * 3024).toBeLessThan(MAX_PICTURE_PIXELS)
      })

      it("one bad image among several stored by /admin/uploads: the pictures already made are removed", async () => {
        const good = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#11aa44" } })
          .jpeg()
          .toBuffer()
        const boundary = "----shoppictures"
        const part = (name: string, content: Buffer) =>
          Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`
            ),
            content,
            Buffer.from("\r\n"),
          ])
        const body = Buffer.concat([
          part("good.jpg", good),
          part("bad.jpg", truncated()),
          Buffer.from(`--${boundary}--\r\n`),
        ])
        const pictures = await pictureCount()
        let res!: Awaited<ReturnType<typeof shopUpload>>
        const keys = await storedDuring(async () => {
          res = await api.post("/admin/uploads", body, {
            ...anyStatus,
            headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: admin.cookie },
            maxBodyLength: Infinity,
          })
        })
        expect(res.status).toBe(400)
        expect(res.data.message).toBe(PICTURE_MESSAGES.corrupt)
        // the first image's picture was stored, then removed with its record (and the AVIF
        // variants its announcement started: their workflow finds no picture and removes them)
        expect(keys.length).toBeGreaterThan(0)
        expect(await settled(() => storedKeys.slice(storedKeys.indexOf(keys[0]!)).filter(onDisk))).toEqual([])
        expect(await pictureCount()).toBe(pictures)
        expect(await settled(leftovers)).toEqual([])
      })
    })

    it("a step failing after the files are stored removes them and the record (the workflow's compensation)", async () => {
      const workDir = await mkdtemp(path.join(tmpdir(), `shop-picture-${process.pid}-`))
      const source = path.join(workDir, "source.png")
      await writeFile(source, productPicture(3, "bag", 480))
      const made = await mkdtemp(path.join(workDir, "made-"))
      const pictures = await pictureCount()
      // a stand-in for the module's method, put back afterwards
      const service = media() as unknown as { createPictures: unknown }
      const createPictures = service.createPictures
      // the record's step fails (its database went away) after every file is stored
      service.createPictures = () => Promise.reject(new Error("the database went away"))
      try {
        const keys = await storedDuring(() =>
          expect(
            storePictureWorkflow(getContainer()).run({ input: { source, sourceBytes: 1, workDir: made } })
          ).rejects.toMatchObject({ message: "the database went away" })
        )
        expect(keys.length).toBe(1 + 2 * 2) // the original, JPEG and WebP at 320 and 480
        expect(keys.filter(onDisk)).toEqual([])
      } finally {
        service.createPictures = createPictures
        await rm(workDir, { recursive: true, force: true })
      }
      expect(await pictureCount()).toBe(pictures)
    })

    it("the seed's products have pictures in every format", async () => {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "product", fields: ["thumbnail"] })
      const urls = data.map((p) => p.thumbnail).filter((u): u is string => !!u)
      expect(urls.length).toBeGreaterThan(0)
      const pictures: Pictures = await media().picturesFor(urls)
      for (const url of urls) {
        expect(new Set(pictures[url]?.variants.map((v) => v.format))).toEqual(new Set(["avif", "webp", "jpeg"]))
      }
    })

    it("the migration script makes pictures of images stored before, once", async () => {
      const container = getContainer()
      const png = productPicture(5, "shoe", 700)
      const [file] = await container
        .resolve(Modules.FILE)
        .createFiles([
          { filename: "old-upload.png", mimeType: "image/png", content: png.toString("base64"), access: "public" },
        ])
      const product = await container.resolve(Modules.PRODUCT).createProducts({
        title: "Old product",
        handle: `old-product-${Date.now()}`,
        thumbnail: file!.url,
        images: [{ url: file!.url }],
      })
      expect(await media().picturesFor([file!.url])).toEqual({})
      const made = await pictureVariants({ container, args: [] } as never)
      expect(made).toBeGreaterThanOrEqual(1)
      const picture = (await media().picturesFor([file!.url]))[file!.url]!
      expect([picture.width, picture.height]).toEqual([700, 700])
      expect(picture.variants.map((v) => `${v.format} ${v.width}`).sort()).toEqual(
        ["avif", "jpeg", "webp"].flatMap((f) => [320, 640, 700].map((w) => `${f} ${w}`)).sort()
      )
      for (const v of picture.variants) expect((await download(v.url)).status).toBe(200)
      // again: nothing to do
      const count = await pictureCount()
      expect(await pictureVariants({ container, args: [] } as never)).toBe(0)
      expect(await pictureCount()).toBe(count)
      await container.resolve(Modules.PRODUCT).deleteProducts([product.id])
      expect(await settled(leftovers)).toEqual([])
    })

    it("the migration script replaces an old phone photo at its URL by its upright copy without GPS; a clean file stays as it was", async () => {
      const container = getContainer()
      // a phone photo stored as is before uploads were cleaned: sideways with orientation 6 and a GPS position
      const old = await makePhonePhoto({ width: 800, height: 600 })
      const clean = productPicture(6, "bag", 400)
      const [phone, plain] = await container.resolve(Modules.FILE).createFiles([
        { filename: "old-phone.jpg", mimeType: "image/jpeg", content: old.toString("base64"), access: "public" },
        { filename: "old-plain.png", mimeType: "image/png", content: clean.toString("base64"), access: "public" },
      ])
      expect(await gpsTags((await download(phone!.url)).body)).toBeDefined()
      const product = await container.resolve(Modules.PRODUCT).createProducts({
        title: "Old phone photo",
        handle: `old-phone-photo-${Date.now()}`,
        thumbnail: phone!.url,
        images: [{ url: phone!.url }, { url: plain!.url }],
      })
      expect(await pictureVariants({ container, args: [] } as never)).toBeGreaterThanOrEqual(2)
      const served = await download(phone!.url)
      expect(served.status).toBe(200)
      const meta = await sharp(served.body).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 600, 800])
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined])
      expect(await gpsTags(served.body)).toBeUndefined()
      const picture = (await media().picturesFor([phone!.url]))[phone!.url]!
      expect([picture.width, picture.height]).toEqual([600, 800])
      // the PNG the seed's drawing makes carries nothing: byte for byte as stored
      expect((await download(plain!.url)).body.equals(clean)).toBe(true)
      // no copy left beside the files
      expect(readdirSync(STATIC_DIR).filter((f) => f.endsWith(".tmp"))).toEqual([])
      await container.resolve(Modules.PRODUCT).deleteProducts([product.id])
      expect(await settled(leftovers)).toEqual([])
    })
  },
})
