import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import { randomUUID } from "crypto"
import multer from "multer"
import { detectImageType, MAX_IMAGE_BYTES, type ImageType } from "../../lib/image-type"

export type ReceivedImage = { buffer: Buffer; type: ImageType }

/**
 * Receives one image in multipart field `field`. The size limit stops the
 * upload while it streams (nothing past 5 MB is read); the type is decided by
 * the bytes. The image is on `req.image`.
 */
export function receiveImage(field: string) {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  }).single(field)

  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    if (!req.is("multipart/form-data")) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Send the image as multipart/form-data in field '${field}'`))
    }
    upload(req as never, res as never, (err: unknown) => {
      if (err) {
        const code = (err as { code?: string }).code
        if (code === "LIMIT_FILE_SIZE") {
          req.unpipe?.()
          return res.status(413).json({ success: false, message: "Image size should be less than 5MB" })
        }
        if (code === "LIMIT_UNEXPECTED_FILE" || code === "LIMIT_FILE_COUNT") {
          return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Send exactly one image in field '${field}'`))
        }
        return next(new MedusaError(MedusaError.Types.INVALID_DATA, "The upload could not be read"))
      }
      const file = (req as unknown as { file?: { buffer: Buffer } }).file
      if (!file?.buffer?.length) {
        return next(new MedusaError(MedusaError.Types.INVALID_DATA, `No image in field '${field}'`))
      }
      const type = detectImageType(file.buffer)
      if (!type) {
        return next(
          new MedusaError(MedusaError.Types.INVALID_DATA, "Please select an image file")
        )
      }
      ;(req as unknown as { image: ReceivedImage }).image = { buffer: file.buffer, type }
      next()
    })
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
