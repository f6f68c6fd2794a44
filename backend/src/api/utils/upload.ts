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
 * Receives one image in multipart field `field`, parsing the stream as it
 * arrives: past 5 MB the answer is 413 at once, the bytes already received are
 * dropped and the rest is never kept (the connection closes after the answer,
 * at the latest CUT_OFF_MS later). The type is decided by the bytes. The image
 * is on `req.image`.
 */
export function receiveImage(field: string) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    if (!req.is("multipart/form-data")) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Send the image as multipart/form-data in field '${field}'`))
    }
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
      })
    } catch {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, "The upload could not be read"))
    }
    let settled = false
    let chunks: Buffer[] = []
    let found = false
    let extra = false
    const stopReading = () => {
      req.unpipe(parser)
      req.resume() // drained, not kept
    }
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      chunks = []
      stopReading()
      next(err)
    }
    parser.on("file", (name, stream) => {
      // a form that ends mid-file destroys the file stream with the parser's
      // error: the parser's own handler answers; unheard, it would crash the process
      stream.on("error", () => undefined)
      if (name !== field || found) {
        extra = true
        stream.resume()
        return
      }
      found = true
      stream.on("data", (chunk: Buffer) => {
        if (!settled) chunks.push(chunk)
      })
      stream.on("limit", () => {
        if (settled) return
        settled = true
        chunks = []
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
      if (extra || !found) {
        return fail(new MedusaError(MedusaError.Types.INVALID_DATA, found ? `Send exactly one image in field '${field}'` : `No image in field '${field}'`))
      }
      const buffer = Buffer.concat(chunks)
      if (!buffer.length) {
        return fail(new MedusaError(MedusaError.Types.INVALID_DATA, `No image in field '${field}'`))
      }
      const type = detectImageType(buffer)
      if (!type) {
        return fail(new MedusaError(MedusaError.Types.INVALID_DATA, "Please select an image file"))
      }
      settled = true
      ;(req as unknown as { image: ReceivedImage }).image = { buffer, type }
      next()
    })
    req.pipe(parser)
  }
}

/**
 * Stores the image `receiveImage` accepted through the File module, under a
 * generated name (an upload cannot choose where it is stored), and answers
 * the spec's `{ success, message, result: { url } }`.
 */
export async function uploadImage(req: MedusaRequest, res: MedusaResponse) {
  const { buffer, type } = (req as unknown as { image: ReceivedImage }).image
  const { result } = await uploadFilesWorkflow(req.scope).run({
    input: {
      files: [
        {
          filename: `${randomUUID()}.${type.ext}`,
          mimeType: type.mime,
          content: buffer.toString("base64"),
          access: "public",
        },
      ],
    },
  })
  res.status(201).json({ success: true, message: "Image uploaded successfully!", result: { url: result[0].url } })
}
