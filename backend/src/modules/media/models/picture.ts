import { model } from "@medusajs/framework/utils"
import type { PictureFormat } from "@shop/contract"

/** A variant as stored: the contract's `PictureVariant` plus the File module's key (to delete it). */
export type StoredVariant = {
  key: string
  url: string
  format: PictureFormat
  width: number
  height: number
  bytes: number
}

/**
 * A picture: what was made of one uploaded image (src/workflows/store-pictures.ts).
 * `url` is the upright, metadata-free original, the URL the shop's data
 * carries (a product's images, a landing page's hero...); `file_key` is its
 * File module key. `variants` are the smaller and lighter copies pages offer
 * (`<picture>` sources), each with its own key. `source_bytes` is the size of
 * the file as uploaded, `bytes` the size of the stored original.
 */
const Picture = model.define("picture", {
  id: model.id({ prefix: "pic" }).primaryKey(),
  url: model.text().unique(),
  file_key: model.text(),
  width: model.number(),
  height: model.number(),
  /** a tiny blurred image, `data:image/webp;base64,...` */
  placeholder: model.text(),
  variants: model.json<StoredVariant[]>(),
  bytes: model.number(),
  source_bytes: model.number(),
})

export default Picture
