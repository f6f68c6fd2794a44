import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import type { PictureFormat } from "@shop/contract"
import type { MadeVariant } from "../lib/pictures"
import type { StoredFile } from "../lib/stored-files"
import type { StoredVariant } from "../modules/media/models/picture"
import { pictureFetchStep, pictureReplaceLocalFileStep, pictureStoreFilesStep } from "./steps/picture-files"
import { pictureCleanOriginalStep, pictureMakeStep, pictureMakeVariantsStep } from "./steps/picture-make"
import {
  pictureAddVariantsStep,
  pictureOriginalStep,
  pictureRecordStep,
  pictureRemoveStep,
} from "./steps/picture-record"

/** Announced when a picture is recorded: its slower variants (AVIF) are made then (src/subscribers/picture-variants.ts). */
export const PICTURE_CREATED = "shop.picture.created"

/**
 * Made while the upload waits: pages need a picture's JPEG and WebP at once.
 * AVIF takes longer than both together (3.5 s against 1.6 s for a 12-megapixel
 * photo on two cores) and is added right after (PICTURE_CREATED).
 */
export const UPLOAD_FORMATS: PictureFormat[] = ["webp", "jpeg"]
export const LATER_FORMATS: PictureFormat[] = ["avif"]
export const ALL_FORMATS: PictureFormat[] = [...UPLOAD_FORMATS, ...LATER_FORMATS]

/** The stored variants: what was made, with the File module's key and URL of each (stored in the same order). */
function storedVariants(made: MadeVariant[], stored: StoredFile[]): StoredVariant[] {
  return made.map((v, i) => ({
    key: stored[i]!.key,
    url: stored[i]!.url,
    format: v.format,
    width: v.width,
    height: v.height,
    bytes: v.bytes,
  }))
}

export type StorePictureInput = {
  /** the received upload on disk */
  source: string
  /** the upload's size in bytes, as received */
  sourceBytes: number
  /** an empty folder of the caller's for the files made, removed by the caller afterwards */
  workDir: string
  /** the variants' formats made now (UPLOAD_FORMATS unless given); the rest are added after (PICTURE_CREATED) */
  formats?: PictureFormat[]
}

/** What PICTURE_CREATED carries: the picture and the formats still to make. */
export type PictureCreated = { url: string; later: PictureFormat[] }

/**
 * One uploaded image: decoded, made upright and metadata-free, its JPEG and
 * WebP variants and placeholder made, all stored through the File module,
 * and the picture recorded. Answers the picture's URL (the original's), which
 * is what the upload answers. If any step fails, the files stored and the
 * record are removed; an image that cannot be used is refused (400) before
 * anything is stored.
 */
export const storePictureWorkflow = createWorkflow("store-picture", (input: StorePictureInput) => {
  const made = pictureMakeStep(
    transform({ input }, ({ input }) => ({
      source: input.source,
      workDir: input.workDir,
      formats: input.formats ?? UPLOAD_FORMATS,
    }))
  )
  const files = transform({ made }, ({ made }) => ({
    files: [made.original, ...made.variants].map((f) => ({ path: f.path, name: f.name, mime: f.mime })),
  }))
  const stored = pictureStoreFilesStep(files)
  const record = transform({ input, made, stored }, ({ input, made, stored }) => ({
    url: stored[0]!.url,
    file_key: stored[0]!.key,
    width: made.width,
    height: made.height,
    placeholder: made.placeholder,
    variants: storedVariants(made.variants, stored.slice(1)),
    bytes: made.original.bytes,
    source_bytes: input.sourceBytes,
  }))
  const picture = pictureRecordStep(record)
  emitEventStep({
    eventName: PICTURE_CREATED,
    data: transform({ input, picture }, ({ input, picture }): PictureCreated => {
      const now = input.formats ?? UPLOAD_FORMATS
      return { url: picture.url, later: ALL_FORMATS.filter((f) => !now.includes(f)) }
    }),
  })
  return new WorkflowResponse(picture)
})

/**
 * Adds variants in `formats` to a recorded picture (AVIF after its upload
 * answered), made from its stored original. Formats it has already are not
 * made again. Rolled back, the files stored are removed.
 */
export const addPictureVariantsWorkflow = createWorkflow(
  "add-picture-variants",
  (input: { url: string; formats: PictureFormat[]; workDir: string }) => {
    const original = pictureOriginalStep({ url: input.url })
    const source = pictureFetchStep(
      transform({ input, original }, ({ input, original }) => ({ key: original.key, workDir: input.workDir }))
    )
    const made = pictureMakeVariantsStep(
      transform({ input, original, source }, ({ input, original, source }) => ({
        source,
        workDir: input.workDir,
        formats: input.formats.filter((f) => !original.formats.includes(f)),
      }))
    )
    const stored = pictureStoreFilesStep(
      transform({ made }, ({ made }) => ({
        files: made.variants.map((f) => ({ path: f.path, name: f.name, mime: f.mime })),
      }))
    )
    const added = pictureAddVariantsStep(
      transform({ input, made, stored }, ({ input, made, stored }) => ({
        url: input.url,
        variants: storedVariants(made.variants, stored),
      }))
    )
    return new WorkflowResponse(added)
  }
)

/**
 * The picture of a file stored before there were pictures (the migration
 * script): its variants in every format and placeholder made from the stored
 * file and recorded under the URL the shop's data already carries. The file
 * stays at that URL (pages load it by it); one of the local provider's
 * (`localFile`, its path on disk) that carries metadata is replaced last by
 * its upright, metadata-free copy, so no phone's GPS position stays published.
 */
export const pictureOfStoredFileWorkflow = createWorkflow(
  "picture-of-stored-file",
  (input: { url: string; key: string; workDir: string; localFile?: string }) => {
    const source = pictureFetchStep({ key: input.key, workDir: input.workDir })
    const clean = pictureCleanOriginalStep(
      transform({ input, source }, ({ input, source }) => ({ source, workDir: input.workDir }))
    )
    const made = pictureMakeVariantsStep(
      transform({ input, source }, ({ input, source }) => ({ source, workDir: input.workDir, formats: ALL_FORMATS }))
    )
    const stored = pictureStoreFilesStep(
      transform({ made }, ({ made }) => ({
        files: made.variants.map((f) => ({ path: f.path, name: f.name, mime: f.mime })),
      }))
    )
    const picture = pictureRecordStep(
      transform({ input, made, stored, clean }, ({ input, made, stored, clean }) => ({
        url: input.url,
        file_key: input.key,
        width: made.width,
        height: made.height,
        placeholder: made.placeholder,
        variants: storedVariants(made.variants, stored),
        bytes: input.localFile && clean ? clean.bytes : made.bytes,
        source_bytes: made.bytes,
      }))
    )
    pictureReplaceLocalFileStep(
      transform({ input, clean, source }, ({ input, clean, source }) => ({
        file: input.localFile ?? "",
        replacement: input.localFile && clean ? clean.path : null,
        previous: source,
      }))
    )
    return new WorkflowResponse(picture)
  }
)

/**
 * Removes pictures (their files and records) by URL or by their original's
 * File module key: an upload of several images that failed part way, a file
 * Medusa Admin deletes.
 */
export const removePicturesWorkflow = createWorkflow(
  "remove-pictures",
  (input: { urls?: string[]; keys?: string[] }) => {
    return new WorkflowResponse(pictureRemoveStep(input))
  }
)
