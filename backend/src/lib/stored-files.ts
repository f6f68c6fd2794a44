import { createReadStream, createWriteStream } from "fs"
import { readFile } from "fs/promises"
import type { Readable } from "stream"
import { pipeline } from "stream/promises"
import type { IFileModuleService } from "@medusajs/framework/types"

/** A file stored through the File module: its key (to delete it) and the URL it is served at. */
export type StoredFile = { key: string; url: string }

/**
 * Streams the file at `file` to the File module's provider under `filename`
 * (the provider adds its own prefix or suffix: the local one a timestamp,
 * S3 a ULID), publicly readable. A provider without streams gets the content
 * at once (the File module's plain upload takes it as a string).
 */
export async function storeFile(
  files: IFileModuleService,
  file: string,
  filename: string,
  mimeType: string
): Promise<StoredFile> {
  const data = { filename, mimeType, access: "public" as const }
  let upload: Awaited<ReturnType<IFileModuleService["getUploadStream"]>> | undefined
  try {
    upload = await files.getUploadStream?.(data)
  } catch {
    // a provider without streams
  }
  if (!upload) {
    const [stored] = await files.createFiles([{ ...data, content: (await readFile(file)).toString("base64") }])
    return { key: stored.id, url: stored.url }
  }
  const done = upload.promise
  done.catch(() => undefined) // awaited below; a failed pipe must not leave it unheard
  try {
    await pipeline(createReadStream(file), upload.writeStream)
    const result = await done
    return { key: result.key, url: result.url }
  } catch (err) {
    await files.deleteFiles([upload.fileKey]).catch(() => undefined)
    throw err
  }
}

/** Copies a stored file (by its key) to `file` on disk. */
export async function fetchFile(files: IFileModuleService, key: string, file: string): Promise<void> {
  const stream: Readable = await files.getDownloadStream(key)
  await pipeline(stream, createWriteStream(file, { flags: "wx", mode: 0o600 }))
}
