import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import busboy from "busboy"
import { randomUUID } from "crypto"
import { detectImageType, MAX_IMAGE_BYTES, type ImageType } from "../../lib/image-type"

export type ReceivedImage = { buffer: Buffer; type: ImageType }

export const TOO_BIG = { success: false, message: "Image size should be less than 5MB" }
/** An upload still streaming this long after its 413 is cut off. */
const CUT_OFF_MS = 5_000

/**
 * Receives up to `max` images in multipart field `field`, parsing the stream as
 * it arrives: past 5 MB in any file the answer is 413 at once, the bytes
 * already received are dropped and the rest is never kept (the connection
 * closes after the answer, at the latest CUT_OFF_MS later). Types are decided
 * by the bytes. The images are on `req.images` (in order).
 */
export function receiveImages(field: string, max: number) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const what = max === 1 ? "the image" : "the images"
    if (!req.is("multipart/form-data")) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Send ${what} as multipart/form-data in field '${field}'`))
    }
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: MAX_IMAGE_BYTES, files: max, fields: 10, parts: max + 11, fieldSize: 1024 },
      })
    } catch {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, "The upload could not be read"))
    }
    let settled = false
    let files: Buffer[][] = []
    let extra = false
    const stopReading = () => {
      req.unpipe(parser)
      req.resume() // drained, not kept
    }
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      files = []
      stopReading()
      next(err)
    }
    parser.on("file", (name, stream) => {
      // a form that ends mid-file destroys the file stream with the parser's
      // error: the parser's own handler answers; unheard, it would crash the process
      stream.on("error", () => undefined)
      if (name !== field || files.length >= max) {
        extra = true
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      files.push(chunks)
      stream.on("data", (chunk: Buffer) => {
        if (!settled) chunks.push(chunk)
      })
      stream.on("limit", () => {
        if (settled) return
        settled = true
        files = []
        stopReading()
        res.setHeader("Connection", "close")
        res.status(413).json(TOO_BIG)
        const timer = setTimeout(() => req.socket.destroy(), CUT_OFF_MS)
        timer.unref()
        req.socket.once("close", () => clearTimeout(timer))
      })
    })
    parser.on("filesLimit", () => {
      extra = true
    })
    parser.on("error", () => fail(new MedusaError(MedusaError.Types.INVALID_DATA, "The upload could not be read")))
    parser.on("close", () => {
      if (settled) return
      if (extra || !files.length) {
        const message = !files.length
          ? `No image in field '${field}'`
          : max === 1
            ? `Send exactly one image in field '${field}'`
            : `Send at most ${max} images in field '${field}'`
        return fail(new MedusaError(MedusaError.Types.INVALID_DATA, message))
      }
      const images: ReceivedImage[] = []
      for (const chunks of files) {
        const buffer = Buffer.concat(chunks)
        if (!buffer.length) {
          return fail(new MedusaError(MedusaError.Types.INVALID_DATA, `No image in field '${field}'`))
        }
        const type = detectImageType(buffer)
        if (!type) {
          return fail(new MedusaError(MedusaError.Types.INVALID_DATA, "Please select an image file"))
        }
        images.push({ buffer, type })
      }
      settled = true
      ;(req as unknown as { images: ReceivedImage[] }).images = images
      next()
    })
    req.pipe(parser)
  }
}

/** One image in field `field` (the shop's upload routes). */
export const receiveImage = (field: string) => receiveImages(field, 1)

/** Stores the received images through the File module under generated names (an upload cannot choose where it is stored). */
async function store(req: MedusaRequest) {
  const images = (req as unknown as { images: ReceivedImage[] }).images
  const { result } = await uploadFilesWorkflow(req.scope).run({
    input: {
      files: images.map(({ buffer, type }) => ({
        filename: `${randomUUID()}.${type.ext}`,
        mimeType: type.mime,
        content: buffer.toString("base64"),
        access: "public" as const,
      })),
    },
  })
  return result
}

/** Medusa's POST /admin/uploads answer, `{ files: [{ id, url }] }`, for the images received. */
export async function storeImages(req: MedusaRequest, res: MedusaResponse) {
  const files = await store(req)
  res.status(200).json({ files: files.map((f) => ({ id: f.id, url: f.url })) })
}

/** The shop's answer `{ success, message, result: { url } }` for the one image received. */
export async function uploadImage(req: MedusaRequest, res: MedusaResponse) {
  const [file] = await store(req)
  res.status(201).json({ success: true, message: "Image uploaded successfully!", result: { url: file.url } })
}
