import type { MiddlewareRoute } from "@medusajs/framework/http"
import { removePicturesWorkflow } from "../../workflows/store-pictures"
import { receiveImages, storeImages } from "../utils/upload"
import { beforeMedusa, refuse, type Handler } from "./shared"

/** POST /admin/uploads: the one admin route that takes a multipart body (requests.ts lets it through). */
export const UPLOAD_ROUTE = beforeMedusa("/admin/uploads")

const refusePresigned: Handler = (_req, res) =>
  refuse(res, 403, "Upload images through the shop's uploader; presigned uploads are not available")

/**
 * DELETE /admin/uploads/:id deletes the file Medusa Admin uploaded: its
 * picture's variants and record go first (Medusa then deletes the original,
 * already gone: a missing file is no error to the File module's providers).
 */
const removePicture: Handler = async (req, _res, next) => {
  const id = req.params.id
  if (id) await removePicturesWorkflow(req.scope).run({ input: { keys: [id] } })
  next()
}

/**
 * /admin/uploads: Medusa Admin's own uploader obeys the shop's image rules:
 * PNG, JPEG, WEBP or GIF by their bytes, 5 MB a file enforced while
 * streaming, generated names (src/api/utils/upload.ts). Presigned uploads
 * (straight to storage, unchecked) are refused. Both come before Medusa's own
 * middlewares for the route: multer would first read every file into memory,
 * whatever its size, and a presigned request is refused whatever it holds.
 */
export const uploadsDoor: MiddlewareRoute[] = [
  { matcher: UPLOAD_ROUTE, methods: ["POST"], middlewares: [receiveImages("files", 10), storeImages] },
  { matcher: beforeMedusa("/admin/uploads/presigned-urls"), methods: ["POST"], middlewares: [refusePresigned] },
  { matcher: "/admin/uploads/:id", methods: ["DELETE"], middlewares: [removePicture] },
]
