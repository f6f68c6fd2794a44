import { randomUUID } from "crypto"
import { createWriteStream, type WriteStream } from "fs"
import { mkdtemp, rm } from "fs/promises"
import { tmpdir } from "os"
import path from "path"
import type { Readable } from "stream"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import busboy from "busboy"
import type { ApiAnswer, UploadAnswer } from "@shop/contract"
import { detectImageType, MAX_IMAGE_BYTES, type ImageType } from "../../lib/image-type"
import { removePicturesWorkflow, storePictureWorkflow } from "../../workflows/store-pictures"

/** An image received and checked, spooled to a temporary file (removed when the answer is done). */
export type ReceivedImage = { path: string; size: number; type: ImageType }

/** The images `receiveImages` received, by request (the request's own type has no place for them). */
const received = new WeakMap<MedusaRequest, ReceivedImage[]>()

export const TOO_BIG = { success: false, message: "Image size should be less than 5MB" } satisfies ApiAnswer
/** An upload still streaming this long after its 413 is cut off. */
const CUT_OFF_MS = 5_000
/** Enough of a file's first bytes to tell its type (image-type.ts reads at most 12). */
const HEAD_BYTES = 16
/** Temporary files of this process: the name says whose they are (tests look for them). */
const SPOOL_PREFIX = `shop-upload-${process.pid}-`
/** How many received uploads are stored at once; the rest wait their turn on disk. */
const STORING_AT_ONCE = 2

type Spool = { path: string; size: number; head: Buffer; out: WriteStream; closed: Promise<void>; error?: unknown }

/** Writes one file part to a new temporary file as it arrives; only its first bytes stay in memory. */
function spool(stream: Readable, onError: (err: unknown) => void): Spool {
  const file = path.join(tmpdir(), `${SPOOL_PREFIX}${randomUUID()}`)
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 })
  const s: Spool = { path: file, size: 0, head: Buffer.alloc(0), out, closed: Promise.resolve() }
  s.closed = new Promise((resolve) => out.once("close", resolve))
  out.on("error", (err) => {
    // the disk refused (full, gone): the part stops flowing, so the form would never end
    s.error ??= err
    onError(err)
  })
  stream.on("data", (chunk: Buffer) => {
    s.size += chunk.length
    if (s.head.length < HEAD_BYTES) s.head = Buffer.concat([s.head, chunk.subarray(0, HEAD_BYTES - s.head.length)])
  })
  stream.pipe(out)
  return s
}

/** Removes spooled files, once their streams are closed (a file removed while still being opened would come back). */
function discard(spools: Spool[]): Promise<unknown> {
  return Promise.all(
    spools.map((s) => {
      s.out.destroy()
      return s.closed.then(() => rm(s.path, { force: true })).catch(() => undefined)
    })
  )
}

/**
 * Receives up to `max` images in multipart field `field`, parsing the stream as
 * it arrives and writing each file to a temporary file, so an upload never
 * sits in memory: past 5 MB in any file the answer is 413 at once, the bytes
 * already received are dropped and the rest is never kept (the connection
 * closes after the answer, at the latest CUT_OFF_MS later). Types are decided
 * by the bytes. The images are kept for the request (in order); their temporary
 * files are removed when the answer is sent or the connection drops,
 * whatever happened.
 */
export function receiveImages(field: string, max: number) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const what = max === 1 ? "the image" : "the images"
    if (!req.is("multipart/form-data")) {
      return next(
        new MedusaError(MedusaError.Types.INVALID_DATA, `Send ${what} as multipart/form-data in field '${field}'`)
      )
    }
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: MAX_IMAGE_BYTES, files: max, fields: 10, parts: max + 11, fieldSize: 1024 },
      })
    } catch {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, "The upload could not be read"))
    }
    let settled = false
    const spools: Spool[] = []
    let extra = false
    // every way a request ends (answered, failed, cut by its client) closes the response
    res.once("close", () => {
      settled = true
      void discard(spools)
    })
    const stopReading = () => {
      req.unpipe(parser)
      req.resume() // drained, not kept
    }
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      stopReading()
      // answered once the files are gone
      void discard(spools).then(() => next(err))
    }
    parser.on("file", (name, stream) => {
      // a form that ends mid-file destroys the file stream with the parser's
      // error: the parser's own handler answers; unheard, it would crash the process
      stream.on("error", () => undefined)
      if (settled || name !== field || spools.length >= max) {
        extra = true
        stream.resume()
        return
      }
      spools.push(spool(stream, fail))
      stream.on("limit", () => {
        if (settled) return
        settled = true
        void discard(spools)
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
      if (extra || !spools.length) {
        const message = !spools.length
          ? `No image in field '${field}'`
          : max === 1
            ? `Send exactly one image in field '${field}'`
            : `Send at most ${max} images in field '${field}'`
        return fail(new MedusaError(MedusaError.Types.INVALID_DATA, message))
      }
      // the parser is done; the last bytes may still be on their way to disk
      void Promise.all(spools.map((s) => s.closed)).then(() => {
        if (settled) return
        const images: ReceivedImage[] = []
        for (const s of spools) {
          if (s.error) return fail(s.error)
          if (!s.size) return fail(new MedusaError(MedusaError.Types.INVALID_DATA, `No image in field '${field}'`))
          const type = detectImageType(s.head)
          if (!type) return fail(new MedusaError(MedusaError.Types.INVALID_DATA, "Please select an image file"))
          images.push({ path: s.path, size: s.size, type })
        }
        settled = true
        received.set(req, images)
        next()
      })
    })
    req.pipe(parser)
  }
}

/** One image in field `field` (the shop's upload routes). */
export const receiveImage = (field: string) => receiveImages(field, 1)

let storing = 0
const waiting: (() => void)[] = []

/** Runs `work` when fewer than STORING_AT_ONCE stores are running (first come, first served). */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (storing >= STORING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
  else storing++
  try {
    return await work()
  } finally {
    const nextInLine = waiting.shift()
    if (nextInLine) nextInLine()
    else storing--
  }
}

/**
 * Makes and stores the picture of each received image (src/workflows/store-pictures.ts:
 * decoded, upright, metadata-free, its variants and placeholder, all through
 * the File module under generated names: an upload cannot choose where it is
 * stored), one image at a time from disk. An image that is not usable is
 * refused (400) with nothing stored; if one fails, the pictures already made
 * are removed. Answers each picture's original: its File module key and URL.
 */
async function store(req: MedusaRequest) {
  const images = received.get(req) ?? []
  const stored: { id: string; url: string }[] = []
  const workDirs: string[] = []
  try {
    return await inTurn(async () => {
      for (const image of images) {
        // its client is gone (its files with it): nothing to store
        if (req.socket?.destroyed) throw new MedusaError(MedusaError.Types.INVALID_DATA, "The upload was cut off")
        const workDir = await mkdtemp(`${image.path}-`)
        workDirs.push(workDir)
        const { result } = await storePictureWorkflow(req.scope).run({
          input: { source: image.path, sourceBytes: image.size, workDir },
        })
        stored.push({ id: result.key, url: result.url })
      }
      return stored
    })
  } catch (err) {
    if (stored.length) {
      await removePicturesWorkflow(req.scope)
        .run({ input: { urls: stored.map((f) => f.url) } })
        .catch(() => undefined)
    }
    throw err
  } finally {
    // gone before the answer (the end of the response removes the uploads anyway; the work folders only here)
    await Promise.all(
      [...images.map((image) => image.path), ...workDirs].map((file) =>
        rm(file, { recursive: true, force: true }).catch(() => undefined)
      )
    )
  }
}

/** Medusa's POST /admin/uploads answer, `{ files: [{ id, url }] }`, for the images received. */
export async function storeImages(req: MedusaRequest, res: MedusaResponse) {
  const files = await store(req)
  res.status(200).json({ files: files.map((f) => ({ id: f.id, url: f.url })) })
}

/** The shop's answer `{ success, message, result: { url } }` for the one image received. */
export async function uploadImage(req: MedusaRequest, res: MedusaResponse) {
  const [file] = await store(req)
  res
    .status(201)
    .json({ success: true, message: "Image uploaded successfully!", result: { url: file.url } } satisfies UploadAnswer)
}
