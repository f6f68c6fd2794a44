import { receiveImages, storeImages } from "../utils/upload"
import { chain, refuse, segments, type Handler } from "./shared"

/**
 * /admin/uploads: Medusa Admin's own uploader obeys the shop's image rules:
 * PNG, JPEG, WEBP or GIF by their bytes, 5 MB a file enforced while
 * streaming, generated names (src/api/utils/upload.ts). Presigned uploads
 * (straight to storage, unchecked) are refused.
 */
export const uploadsDoor: Handler = (req, res, next) => {
  const [first] = segments(req)
  if (req.method !== "POST") return next()
  if (!first) return chain(receiveImages("files", 10), storeImages)(req, res, next)
  if (first === "presigned-urls") return refuse(res, 403, "Upload images through the shop's uploader; presigned uploads are not available")
  next()
}

