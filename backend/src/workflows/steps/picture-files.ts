import { copyFile, mkdtemp, rename, rm } from "fs/promises"
import path from "path"
import type { IFileModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fetchFile, storeFile, type StoredFile } from "../../lib/stored-files"

export type FileToStore = { path: string; name: string; mime: string }

/**
 * Stores the files made of a picture through the File module, one at a time
 * from disk, in order; answers their keys and URLs in the same order. If one
 * fails, the ones already stored are removed; rolled back, all of them are.
 */
export const pictureStoreFilesStep = createStep(
  "picture-store-files",
  async (input: { files: FileToStore[] }, { container }) => {
    const files = container.resolve<IFileModuleService>(Modules.FILE)
    const stored: StoredFile[] = []
    try {
      for (const file of input.files) stored.push(await storeFile(files, file.path, file.name, file.mime))
    } catch (err) {
      if (stored.length) await files.deleteFiles(stored.map((f) => f.key)).catch(() => undefined)
      throw err
    }
    return new StepResponse(
      stored,
      stored.map((f) => f.key)
    )
  },
  async (keys, { container }) => {
    if (keys?.length) await container.resolve<IFileModuleService>(Modules.FILE).deleteFiles(keys)
  }
)

/** Copies a stored file (by its File module key) into the work folder; answers its path there. Reads only. */
export const pictureFetchStep = createStep(
  "picture-fetch",
  async (input: { key: string; workDir: string }, { container }) => {
    const dir = await mkdtemp(path.join(input.workDir, "source-"))
    const file = path.join(dir, "source")
    try {
      await fetchFile(container.resolve<IFileModuleService>(Modules.FILE), input.key, file)
    } catch (err) {
      await rm(dir, { recursive: true, force: true })
      throw err
    }
    return new StepResponse(file)
  }
)

/**
 * Puts `replacement` in place of the local File provider's file `file` (an
 * image stored before uploads were cleaned, replaced by its clean copy under
 * the same URL the shop's data carries). The File module stores under new
 * names only, so this writes the provider's folder itself: a copy beside the
 * file, then a rename, so the URL always serves a whole file. Rolled back,
 * the bytes it had (`previous`, the copy fetched before) are put back.
 */
export const pictureReplaceLocalFileStep = createStep(
  "picture-replace-local-file",
  async (input: { file: string; replacement: string | null; previous: string }) => {
    if (!input.replacement) return new StepResponse(false, null)
    await putInPlace(input.replacement, input.file)
    return new StepResponse(true, { file: input.file, previous: input.previous } as {
      file: string
      previous: string
    } | null)
  },
  async (undo) => {
    if (undo) await putInPlace(undo.previous, undo.file)
  }
)

async function putInPlace(from: string, file: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  try {
    await copyFile(from, temp)
    await rename(temp, file)
  } finally {
    await rm(temp, { force: true })
  }
}
