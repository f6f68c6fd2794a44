import type { IFileModuleService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MEDIA_MODULE } from "../../modules/media"
import type { StoredVariant } from "../../modules/media/models/picture"
import type MediaModuleService from "../../modules/media/service"
import { forgetPictures } from "../../read-models/pictures"

export type PictureRecordInput = {
  url: string
  file_key: string
  width: number
  height: number
  placeholder: string
  variants: StoredVariant[]
  bytes: number
  source_bytes: number
}

/** Records a picture (src/modules/media); rolled back, the record is removed. */
export const pictureRecordStep = createStep(
  "picture-record",
  async (input: PictureRecordInput, { container }) => {
    const media = container.resolve<MediaModuleService>(MEDIA_MODULE)
    const picture = await media.createPictures(input)
    return new StepResponse({ id: picture.id, url: picture.url, key: picture.file_key }, picture.id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<MediaModuleService>(MEDIA_MODULE).deletePictures(id)
  }
)

/** The stored original of a picture: its File module key and upright width. Reads only. */
export const pictureOriginalStep = createStep("picture-original", async (input: { url: string }, { container }) => {
  const [picture] = await container
    .resolve<MediaModuleService>(MEDIA_MODULE)
    .listPictures({ url: input.url }, { take: 1, select: ["file_key", "variants"] })
  if (!picture) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No picture of ${input.url}`)
  return new StepResponse({
    key: picture.file_key,
    formats: [...new Set((picture.variants as StoredVariant[]).map((v) => v.format))],
  })
})

/**
 * Adds variants made after the picture was recorded. The last step of its
 * workflow: nothing after it can fail, so there is nothing to undo.
 */
export const pictureAddVariantsStep = createStep(
  "picture-add-variants",
  async (input: { url: string; variants: StoredVariant[] }, { container }) => {
    const added = await container.resolve<MediaModuleService>(MEDIA_MODULE).addVariants(input.url, input.variants)
    // the picture was removed meanwhile: its new files go too (the step's own failure rolls back the store)
    if (!added) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No picture of ${input.url}`)
    return new StepResponse(added)
  }
)

/**
 * Removes pictures by URL or by their original's File module key: every file
 * stored for them (original and variants) and their records. Used when an
 * upload of several images fails after some were stored, and when Medusa
 * Admin deletes an uploaded file. Not undone.
 */
export const pictureRemoveStep = createStep(
  "picture-remove",
  async (input: { urls?: string[]; keys?: string[] }, { container }) => {
    const media = container.resolve<MediaModuleService>(MEDIA_MODULE)
    const select = ["id", "url", "file_key", "variants"]
    const pictures = [
      ...(input.urls?.length ? await media.listPictures({ url: input.urls }, { select }) : []),
      ...(input.keys?.length ? await media.listPictures({ file_key: input.keys }, { select }) : []),
    ]
    if (!pictures.length) return new StepResponse(0)
    const keys = pictures.flatMap((p) => [p.file_key, ...(p.variants as StoredVariant[]).map((v) => v.key)])
    await container.resolve<IFileModuleService>(Modules.FILE).deleteFiles([...new Set(keys)])
    await media.deletePictures([...new Set(pictures.map((p) => p.id))])
    // this process stops offering them at once (others within their keeping time, read-models/pictures.ts)
    forgetPictures(pictures.map((p) => p.url))
    return new StepResponse(pictures.length)
  }
)
