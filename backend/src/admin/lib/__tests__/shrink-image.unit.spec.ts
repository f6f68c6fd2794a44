import { MAX_IMAGE_BYTES } from "../landing-pages"
import {
  boundToMiss,
  encodeToFit,
  FIRST_QUALITY,
  jpegName,
  prepareImage,
  SHRINK_MESSAGES,
  SHRINK_TARGET_BYTES,
  shrinkPlan,
  type ShrinkStep,
} from "../shrink-image"

const longSide = (s: ShrinkStep) => Math.max(s.width, s.height)

/** A fake JPEG encoder: `bytesPerPixel` at quality 0.9, fewer at lower qualities, as a real one roughly does. */
function fakeEncoder(bytesPerPixel: number) {
  const encoded: ShrinkStep[] = []
  const encode = async (step: ShrinkStep) => {
    encoded.push(step)
    return { size: Math.round(step.width * step.height * bytesPerPixel * (step.quality / FIRST_QUALITY) ** 3) }
  }
  return { encode, encoded }
}

describe("the sizes and qualities tried, best first", () => {
  it("a 12-megapixel phone photo: its own size, then smaller at 0.9, then lower qualities at 2048, then 1600", () => {
    const plan = shrinkPlan(3000, 4000)
    expect(plan.map((s) => [s.width, s.height, s.quality])).toEqual([
      [3000, 4000, 0.9],
      [2448, 3264, 0.9],
      [1920, 2560, 0.9],
      [1536, 2048, 0.9],
      [1536, 2048, 0.8],
      [1536, 2048, 0.7],
      [1536, 2048, 0.6],
      [1200, 1600, 0.8],
      [1200, 1600, 0.6],
    ])
  })

  it("never grows a picture, and keeps its shape", () => {
    for (const [w, h] of [
      [8000, 6000],
      [4032, 3024],
      [4096, 2304],
      [2000, 1500],
      [1000, 5000],
    ]) {
      for (const step of shrinkPlan(w, h)) {
        expect(step.width).toBeLessThanOrEqual(w)
        expect(step.height).toBeLessThanOrEqual(h)
        expect(Math.abs(step.width / step.height - w / h)).toBeLessThan(0.01)
      }
    }
  })

  it("tries the own size first, at 0.9", () => {
    expect(shrinkPlan(8000, 6000)[0]).toEqual({ width: 8000, height: 6000, quality: 0.9 })
    expect(shrinkPlan(4096, 2304)[0]).toEqual({ width: 4096, height: 2304, quality: 0.9 })
    // 4096 is the own size: not tried twice
    expect(
      shrinkPlan(4096, 2304)
        .filter((s) => s.quality === 0.9)
        .map(longSide)
    ).toEqual([4096, 3264, 2560, 2048])
  })

  it("a picture beyond 50 megapixels starts at 4096 (a canvas that large may not be made)", () => {
    expect(shrinkPlan(10000, 7500)[0]).toEqual({ width: 4096, height: 3072, quality: 0.9 })
  })

  it("goes below 2048 on the long side only after every quality at 2048", () => {
    const plan = shrinkPlan(4032, 3024)
    const firstBelow = plan.findIndex((s) => longSide(s) < 2048)
    expect(plan.slice(0, firstBelow).every((s) => longSide(s) >= 2048)).toBe(true)
    expect(Math.min(...plan.slice(0, firstBelow).map((s) => s.quality))).toBe(0.6)
  })

  it("a picture smaller than 2048 (a long PNG banner) is only tried at its own size, then at lower qualities", () => {
    expect(shrinkPlan(1800, 1200).map((s) => [s.width, s.height, s.quality])).toEqual([
      [1800, 1200, 0.9],
      [1800, 1200, 0.8],
      [1800, 1200, 0.7],
      [1800, 1200, 0.6],
      [1600, 1067, 0.8],
      [1600, 1067, 0.6],
    ])
  })
})

describe("skipping sizes bound to miss", () => {
  const tried = [{ width: 4000, height: 3000, quality: 0.9, bytes: 12_000_000 }]

  it("skips a size whose estimate from a try at the same quality is well over", () => {
    // 8 MP of a 12 MP that came to 12 MB: about 8 MB
    expect(boundToMiss({ width: 3264, height: 2448, quality: 0.9 }, tried, SHRINK_TARGET_BYTES)).toBe(true)
    // about 4.9 MB: close enough to be worth encoding
    expect(boundToMiss({ width: 2560, height: 1920, quality: 0.9 }, tried, SHRINK_TARGET_BYTES)).toBe(false)
  })

  it("never judges another quality, nor without a try", () => {
    expect(boundToMiss({ width: 3264, height: 2448, quality: 0.8 }, tried, SHRINK_TARGET_BYTES)).toBe(false)
    expect(boundToMiss({ width: 3264, height: 2448, quality: 0.9 }, [], SHRINK_TARGET_BYTES)).toBe(false)
  })
})

describe("encoding until it fits", () => {
  it("a typical 7 MB phone photo fits at its own size, in one encoding", async () => {
    const { encode, encoded } = fakeEncoder(0.3)
    const { blob, tries } = await encodeToFit(3000, 4000, encode)
    expect(blob!.size).toBe(3_600_000)
    expect(encoded).toEqual([{ width: 3000, height: 4000, quality: 0.9 }])
    expect(tries).toHaveLength(1)
  })

  it("a denser one is made smaller at 0.9, skipping the size bound to miss", async () => {
    const { encode, encoded } = fakeEncoder(1)
    const { blob } = await encodeToFit(3000, 4000, encode)
    // 12 MB at 12 MP: 8 MP is bound to miss, 4.9 MP is 4.9 MB (over), 3.1 MP fits
    expect(encoded.map((s) => [longSide(s), s.quality])).toEqual([
      [4000, 0.9],
      [2560, 0.9],
      [2048, 0.9],
    ])
    expect(blob!.size).toBeLessThanOrEqual(SHRINK_TARGET_BYTES)
  })

  it("lowers the quality at 2048 before going smaller", async () => {
    const { encode, encoded } = fakeEncoder(2)
    const { blob } = await encodeToFit(3000, 4000, encode)
    expect(encoded.at(-1)).toEqual({ width: 1536, height: 2048, quality: 0.8 })
    expect(blob!.size).toBeLessThanOrEqual(SHRINK_TARGET_BYTES)
  })

  it("gives up when nothing fits", async () => {
    const { encode } = fakeEncoder(50)
    const { blob, tries } = await encodeToFit(3000, 4000, encode)
    expect(blob).toBeNull()
    expect(tries.length).toBeGreaterThan(0)
  })
})

describe("the shrunk file's name", () => {
  it("keeps the picked name, with .jpg", () => {
    expect(jpegName("IMG_2041.JPG")).toBe("IMG_2041.jpg")
    expect(jpegName("IMG_2041.HEIC")).toBe("IMG_2041.jpg")
    expect(jpegName("holiday.photo.png")).toBe("holiday.photo.jpg")
    expect(jpegName("scan")).toBe("scan.jpg")
    expect(jpegName(".png")).toBe("photo.jpg")
  })
})

describe("what is uploaded for a picked file", () => {
  const big = MAX_IMAGE_BYTES + 1

  /** A browser's decoder and canvas, faked: pictures of `width` x `height` encoding to `bytesPerPixel`. */
  function fakeBrowser(width: number, height: number, bytesPerPixel: number) {
    const drawn: { width: number; height: number; quality?: number }[] = []
    const decoded: unknown[] = []
    class FakeCanvas {
      width: number
      height: number
      constructor(w: number, h: number) {
        this.width = w
        this.height = h
      }
      getContext() {
        return { fillRect() {}, drawImage() {} }
      }
      async convertToBlob({ quality = 1 }: { quality?: number }) {
        drawn.push({ width: this.width, height: this.height, quality })
        return new Blob([new Uint8Array(Math.round(this.width * this.height * bytesPerPixel))], { type: "image/jpeg" })
      }
    }
    Object.defineProperty(globalThis, "OffscreenCanvas", { value: FakeCanvas, configurable: true })
    Object.defineProperty(globalThis, "createImageBitmap", {
      value: async (_file: Blob, options: unknown) => {
        decoded.push(options)
        return { width, height, close() {} }
      },
      configurable: true,
    })
    return { drawn, decoded }
  }

  afterEach(() => {
    Reflect.deleteProperty(globalThis, "OffscreenCanvas")
    Reflect.deleteProperty(globalThis, "createImageBitmap")
  })

  it("refuses a file that is not an image", async () => {
    const file = new File(["%PDF"], "menu.pdf", { type: "application/pdf" })
    expect(await prepareImage(file)).toEqual({ problem: "Please select an image file" })
  })

  it("sends an image up to 5 MB as it is", async () => {
    const file = new File([new Uint8Array(MAX_IMAGE_BYTES)], "shoe.png", { type: "image/png" })
    expect((await prepareImage(file)).file).toBe(file)
  })

  it("says so when the browser cannot decode a large image", async () => {
    Object.defineProperty(globalThis, "createImageBitmap", {
      value: async () => {
        throw new DOMException("The source image could not be decoded.", "InvalidStateError")
      },
      configurable: true,
    })
    const file = new File([new Uint8Array(big)], "IMG_2041.HEIC", { type: "image/heic" })
    expect(await prepareImage(file)).toEqual({ problem: SHRINK_MESSAGES.unreadable })
  })

  it("shrinks a phone photo over 5 MB: decoded upright, re-encoded as JPEG under the limit, named .jpg", async () => {
    const { drawn, decoded } = fakeBrowser(3000, 4000, 0.3)
    const file = new File([new Uint8Array(big)], "IMG_2041.jpeg", { type: "image/jpeg", lastModified: 1 })
    const { file: sent } = await prepareImage(file)
    expect(decoded).toEqual([{ imageOrientation: "from-image" }])
    expect(drawn).toEqual([{ width: 3000, height: 4000, quality: 0.9 }])
    expect(sent!.name).toBe("IMG_2041.jpg")
    expect(sent!.type).toBe("image/jpeg")
    expect(sent!.size).toBeLessThanOrEqual(SHRINK_TARGET_BYTES)
  })

  it("refuses with the spec's message only when nothing fits", async () => {
    // the fake ignores the quality: 1600 x 1200 at 3 bytes a pixel is 5.8 MB
    fakeBrowser(3000, 4000, 3)
    const file = new File([new Uint8Array(big)], "noise.png", { type: "image/png" })
    expect(await prepareImage(file)).toEqual({ problem: "Image size should be less than 5MB" })
  })
})
