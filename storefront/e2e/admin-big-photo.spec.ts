import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test"
import { signInAdmin } from "./shop-helpers"

/**
 * A phone photo over the 5 MB upload limit is shrunk in the browser before it
 * is sent (backend/src/admin/lib/shrink-image.ts), in both of the admin's
 * uploaders: the product sheet's and the landing editor's. The photos are
 * made here like a phone's: 4000 x 3000 pixels stored sideways with EXIF
 * orientation 6 (a portrait shot), with sensor-like noise so they do not
 * compress away. Each is checked to arrive under 5 MB, stored upright and
 * large enough for the variants (at least 2048 px on its long side).
 */

const LIMIT = 5_242_880
const toast = (text: string) => page.getByText(text, { exact: true }).first()

test.describe.configure({ mode: "serial" })

let context: BrowserContext
let page: Page

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL })
  // the file each upload carries, as the page hands it to fetch (Playwright does not keep a file body it sends)
  await context.addInitScript(() => {
    const sent: File[] = []
    Object.defineProperty(window, "sentUploads", { value: sent })
    const send = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const file = init?.body instanceof FormData ? init.body.get("my_file") : null
      if (file instanceof File) sent.push(file)
      return send(input, init)
    }
  })
  page = await context.newPage()
  await signInAdmin(page)
})

test.afterAll(async () => {
  await context?.close()
})

/**
 * A 4000 x 3000 JPEG drawn in the browser: shapes on a gradient, per-pixel
 * noise of `noise` levels, a red square in the stored top-left corner and a
 * blue one in the stored top-right, encoded at `quality`.
 */
async function sidewaysPhoto(noise: number, quality: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ noise, quality }) => {
      const W = 4000
      const H = 3000
      const canvas = new OffscreenCanvas(W, H)
      const ctx = canvas.getContext("2d")!
      const gradient = ctx.createLinearGradient(0, 0, W, H)
      gradient.addColorStop(0, "#c9d6e3")
      gradient.addColorStop(0.5, "#8a6f4d")
      gradient.addColorStop(1, "#2e4a3a")
      ctx.fillStyle = gradient
      ctx.fillRect(0, 0, W, H)
      // a fixed seed: the same photo on every run
      let seed = 7
      const random = () => {
        seed ^= seed << 13
        seed ^= seed >>> 17
        seed ^= seed << 5
        return (seed >>> 0) / 4294967296
      }
      for (let i = 0; i < 300; i++) {
        ctx.fillStyle = `hsl(${random() * 360} 50% ${30 + random() * 40}%)`
        ctx.beginPath()
        ctx.arc(random() * W, random() * H, 20 + random() * 300, 0, 2 * Math.PI)
        ctx.fill()
      }
      const image = ctx.getImageData(0, 0, W, H)
      const d = image.data
      for (let i = 0; i < d.length; i += 4) {
        const n = (random() - 0.5) * noise
        d[i] += n + (random() - 0.5) * noise * 0.5
        d[i + 1] += n
        d[i + 2] += n + (random() - 0.5) * noise * 0.5
      }
      ctx.putImageData(image, 0, 0)
      ctx.fillStyle = "#ff0000"
      ctx.fillRect(0, 0, 500, 500)
      ctx.fillStyle = "#0000ff"
      ctx.fillRect(W - 500, 0, 500, 500)
      const blob = await canvas.convertToBlob({ type: "image/jpeg", quality })
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let text = ""
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      return btoa(text)
    },
    { noise, quality }
  )
  return withOrientation6(Buffer.from(base64, "base64"))
}

/** The JPEG with an EXIF segment saying 'rotate 90 degrees clockwise to show' (orientation 6), as a phone writes it. */
function withOrientation6(jpeg: Buffer): Buffer {
  // TIFF header (big-endian), one IFD entry: tag 0x0112 Orientation, SHORT, count 1, value 6; no next IFD
  const tiff = Buffer.from([
    0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
  ])
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff])
  const length = Buffer.alloc(2)
  length.writeUInt16BE(payload.length + 2)
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), length, payload])
  // after the JFIF segment the canvas wrote, if there is one
  const at = jpeg[2] === 0xff && jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2
  return Buffer.concat([jpeg.subarray(0, at), app1, jpeg.subarray(at)])
}

/** A JPEG's pixel size as stored (its frame header) and its EXIF orientation (1 when it has none), or null for another format. */
function jpegInfo(bytes: Buffer): { width: number; height: number; orientation: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let orientation = 1
  let at = 2
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]
    const length = bytes.readUInt16BE(at + 2)
    const segment = bytes.subarray(at + 4, at + 2 + length)
    if (marker === 0xe1 && segment.subarray(0, 6).toString("latin1") === "Exif\0\0") {
      const tiff = segment.subarray(6)
      const big = tiff.toString("latin1", 0, 2) === "MM"
      const u16 = (o: number) => (big ? tiff.readUInt16BE(o) : tiff.readUInt16LE(o))
      const u32 = (o: number) => (big ? tiff.readUInt32BE(o) : tiff.readUInt32LE(o))
      const ifd = u32(4)
      for (let i = 0; i < u16(ifd); i++) {
        const entry = ifd + 2 + i * 12
        if (u16(entry) === 0x0112) orientation = u16(entry + 8)
      }
    }
    // a frame header (SOF0 to SOF15, but not DHT, JPG or DAC): height, then width
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: segment.readUInt16BE(1), width: segment.readUInt16BE(3), orientation }
    }
    at += 2 + length
  }
  return null
}

/** The last file the page sent as an upload (recorded by the init script of `beforeAll`). */
async function lastSentFile(): Promise<{ name: string; type: string; bytes: Buffer }> {
  const file = await page.evaluate(async () => {
    const sent: File[] = Reflect.get(window, "sentUploads")
    const last = sent.at(-1)!
    const bytes = new Uint8Array(await last.arrayBuffer())
    let text = ""
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return { name: last.name, type: last.type, base64: btoa(text) }
  })
  return { name: file.name, type: file.type, bytes: Buffer.from(file.base64, "base64") }
}

type Shown = {
  width: number
  height: number
  /** The colours of the shown picture's four corners, 2% in. */
  corners: Record<"topLeft" | "topRight" | "bottomLeft" | "bottomRight", [number, number, number]>
}

/** Decodes an image in the browser as it is shown (any EXIF orientation applied), and reads its corners. */
async function decode(bytes: Buffer): Promise<Shown> {
  return page.evaluate(async (base64) => {
    const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))])
    const shown = await createImageBitmap(blob, { imageOrientation: "from-image" })
    const canvas = new OffscreenCanvas(shown.width, shown.height)
    const ctx = canvas.getContext("2d")!
    ctx.drawImage(shown, 0, 0)
    const at = (fx: number, fy: number): [number, number, number] => {
      const [r, g, b] = ctx.getImageData(Math.round(fx * shown.width), Math.round(fy * shown.height), 1, 1).data
      return [r, g, b]
    }
    return {
      width: shown.width,
      height: shown.height,
      corners: {
        topLeft: at(0.02, 0.02),
        topRight: at(0.98, 0.02),
        bottomLeft: at(0.02, 0.98),
        bottomRight: at(0.98, 0.98),
      },
    }
  }, bytes.toString("base64"))
}

const isRed = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60
const isBlue = ([r, g, b]: number[]) => b > 200 && r < 60 && g < 60

/** The sideways photo shown upright: a portrait, red top-right, blue bottom-right (a phone's orientation 6). */
function expectUprightPortrait(picture: Shown) {
  expect(picture.height).toBeGreaterThan(picture.width)
  expect(isRed(picture.corners.topRight), `top right ${picture.corners.topRight}`).toBe(true)
  expect(isBlue(picture.corners.bottomRight), `bottom right ${picture.corners.bottomRight}`).toBe(true)
  expect(isRed(picture.corners.topLeft) || isBlue(picture.corners.topLeft)).toBe(false)
}

/** The upload's body size, as Chromium declared it (Playwright keeps no copy of a body with a file in it). */
async function bodySize(request: Request): Promise<number> {
  return request.postDataBuffer()?.length ?? Number(await request.headerValue("content-length"))
}

/**
 * Picks `photo` in `input`, and checks what went up: shrunk in the browser
 * (the spinner with the file's name shows meanwhile) to a body under 5 MB,
 * stored upright and at least 2048 px on its long side, and the admin said
 * so (`said`, a toast).
 */
async function uploadBigPhoto(input: ReturnType<Page["getByLabel"]>, name: string, photo: Buffer, said: string) {
  expect(photo.length).toBeGreaterThan(LIMIT)
  // the photo is what a phone makes: 4000 x 3000 as stored, a portrait when shown
  expect(jpegInfo(photo)).toEqual({ width: 4000, height: 3000, orientation: 6 })
  expectUprightPortrait(await decode(photo))

  const isUpload = (r: Request) => r.method() === "POST" && r.url().includes("/upload-image")
  const sent = page.waitForRequest(isUpload, { timeout: 60_000 })
  const answered = page.waitForResponse((r) => isUpload(r.request()), { timeout: 90_000 })
  // watched from the start: the toast may come and go while the stored file is checked below
  const toasted = toast(said).waitFor({ state: "visible", timeout: 90_000 })
  const started = Date.now()
  await input.setInputFiles({ name, mimeType: "image/jpeg", buffer: photo })
  await expect(page.getByTestId("upload-progress").filter({ hasText: name })).toBeVisible()
  const request = await sent
  const shrinkMs = Date.now() - started
  const size = await bodySize(request)
  const answer = await answered
  expect(answer.ok(), await answer.text()).toBe(true)
  const url = ((await answer.json()) as { result: { url: string } }).result.url
  await toasted

  // sent shrunk: under the limit, yet not crushed
  expect(size).toBeLessThan(LIMIT)
  expect(size).toBeGreaterThan(500_000)
  // sent as a JPEG upright in its pixels (no orientation tag left to apply), large, under 4.8 MB
  const file = await lastSentFile()
  expect(file.name).toBe(name.replace(/\.[^.]*$/, ".jpg"))
  expect(file.type).toBe("image/jpeg")
  expect(file.bytes.length).toBeLessThanOrEqual(4_800_000)
  const sentInfo = jpegInfo(file.bytes)!
  expect(sentInfo.orientation).toBe(1)
  expect(sentInfo.height).toBeGreaterThanOrEqual(2048)
  expect(sentInfo.height).toBeGreaterThan(sentInfo.width)

  const stored = await page.request.get(url)
  expect(stored.ok()).toBe(true)
  const bytes = await stored.body()
  const picture = await decode(bytes)
  expectUprightPortrait(picture)
  expect(picture.height).toBeGreaterThanOrEqual(2048)
  expect(picture.width / picture.height).toBeCloseTo(0.75, 2)
  // upright in its pixels, not by a tag
  const storedInfo = jpegInfo(bytes)
  if (storedInfo) expect(storedInfo).toEqual({ width: picture.width, height: picture.height, orientation: 1 })
  console.log(
    `${name}: ${photo.length} bytes picked; after ${shrinkMs} ms of shrinking, ${file.bytes.length} bytes ` +
      `(${sentInfo.width} x ${sentInfo.height}) sent in a body of ${size}; stored ${picture.width} x ${picture.height}`
  )
  return url
}

test("the product sheet shrinks an 8 MB phone photo before uploading it", async () => {
  test.setTimeout(120_000)
  // dense: at its own size and quality 0.9 it is still over 4.8 MB, so it is made smaller
  const photo = await sidewaysPhoto(48, 0.97)
  await page.goto("/app/shop-products")
  await expect(page.getByTestId("admin-product-card").first()).toBeVisible({ timeout: 30_000 })
  await page.getByRole("button", { name: "Add Products" }).click()
  const sheet = page.getByRole("dialog")
  await expect(sheet.getByRole("heading", { name: "Add Product" })).toBeVisible()

  const url = await uploadBigPhoto(
    sheet.getByLabel("Drag & Drop or click to upload Image"),
    "IMG_2041.JPG",
    photo,
    "Image uploaded successfully!"
  )
  const preview = sheet.getByTestId("product-image-preview")
  await expect(preview).toBeVisible()
  await expect(preview.getByRole("img", { name: "Product" })).toHaveAttribute("src", url)
  await page.keyboard.press("Escape")
})

test("the landing editor shrinks a 6 MB phone photo before uploading it", async () => {
  test.setTimeout(120_000)
  // a typical phone photo: at its own size and quality 0.9 it fits
  const photo = await sidewaysPhoto(32, 0.95)
  await page.goto("/app/landing-pages/create")
  await page.getByRole("tab", { name: "Hero" }).click()
  const hero = page.getByTestId("hero-images")

  const url = await uploadBigPhoto(
    hero.getByLabel("Drag & Drop or click to upload images"),
    "PXL_0412.jpeg",
    photo,
    "Image added! Total: 1"
  )
  await expect(hero.getByRole("img", { name: "Hero Images 1", exact: true })).toHaveAttribute("src", url)
})

test("a large file the browser cannot decode is refused with a clear message, and nothing is sent", async () => {
  await page.goto("/app/landing-pages/create")
  await page.getByRole("tab", { name: "Hero" }).click()
  const hero = page.getByTestId("hero-images")
  let uploads = 0
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/upload-image")) uploads++
  })
  await hero.getByLabel("Drag & Drop or click to upload images").setInputFiles({
    name: "broken.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(LIMIT + 1, 7),
  })
  await expect(
    toast("This image could not be opened in the browser; please choose a JPG, PNG or WEBP file")
  ).toBeVisible()
  await expect(hero.getByTestId("uploaded-image")).toHaveCount(0)
  expect(uploads).toBe(0)
})
