import { rm, stat } from "fs/promises"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PictureFormat } from "@shop/contract"
import { cleanOriginal, inspectPicture, makePicture, makeVariants } from "../../lib/pictures"

export type PictureMakeInput = {
  /** the image on disk (a received upload, or a stored file fetched) */
  source: string
  /** an empty folder of the caller's, removed by the caller afterwards */
  workDir: string
  formats: PictureFormat[]
}

/**
 * Decodes an image and makes its upright, metadata-free original, its
 * variants in `formats` and its placeholder, as files in the work folder
 * (src/lib/pictures.ts). A file that is not a usable image is refused here
 * with a 400, before anything is stored. Rolled back, the files made are removed.
 */
export const pictureMakeStep = createStep(
  "picture-make",
  async (input: PictureMakeInput) => {
    const made = await makePicture(input.source, input.workDir, input.formats)
    return new StepResponse(made, input.workDir)
  },
  async (workDir) => {
    if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => undefined)
  }
)

/**
 * The variants in `formats` and placeholder of an image whose original is
 * stored already (AVIF made after the upload answered; pictures of files
 * stored before there were pictures): nothing else is made.
 */
export const pictureMakeVariantsStep = createStep(
  "picture-make-variants",
  async (input: PictureMakeInput) => {
    const { width, height } = await inspectPicture(input.source)
    const made = await makeVariants(input.source, input.workDir, input.formats, width)
    return new StepResponse({ ...made, width, height, bytes: (await stat(input.source)).size }, input.workDir)
  },
  async (workDir) => {
    if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => undefined)
  }
)

/**
 * The upright, metadata-free copy of a stored image that carries metadata
 * (its GPS position, say), made in the work folder; null when the image is
 * clean already. Makes files only (removed with the work folder).
 */
export const pictureCleanOriginalStep = createStep(
  "picture-clean-original",
  async (input: { source: string; workDir: string }) => {
    const clean = await cleanOriginal(input.source, input.workDir)
    return new StepResponse(clean && { path: clean.path, bytes: clean.bytes })
  }
)
