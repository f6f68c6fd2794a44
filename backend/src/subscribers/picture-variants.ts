import { mkdtemp, readdir, rm } from "fs/promises"
import { tmpdir } from "os"
import path from "path"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { addPictureVariantsWorkflow, PICTURE_CREATED, type PictureCreated } from "../workflows/store-pictures"

const WORK_PREFIX = "shop-picture-"
const workPrefix = () => `${WORK_PREFIX}${process.pid}-`

/** Whether process `pid` is running (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Work folders of processes that stopped while making variants (a restart, a crash): removed once per process. */
async function sweepStopped(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[])
  for (const name of names) {
    const pid = Number(name.slice(WORK_PREFIX.length).split("-")[0])
    if (name.startsWith(WORK_PREFIX) && Number.isInteger(pid) && pid !== process.pid && !alive(pid)) {
      await rm(path.join(tmpdir(), name), { recursive: true, force: true }).catch(() => undefined)
    }
  }
}

/** Pictures whose later variants are being made in this process: one at a time, so uploads keep a core. */
let running: Promise<unknown> = sweepStopped()

/**
 * A picture was recorded with its JPEG and WebP variants (the upload has
 * answered): its AVIF variants are made from its stored original and added to
 * its record. Until then pages offer JPEG and WebP. A failure leaves the
 * picture as it was (its files stored for this removed).
 */
export default async function pictureVariants({ event, container }: SubscriberArgs<PictureCreated>) {
  const url = event.data?.url
  const formats = event.data?.later ?? []
  if (typeof url !== "string" || !formats.length) return
  const turn = running.then(async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), workPrefix()))
    try {
      await addPictureVariantsWorkflow(container).run({ input: { url, formats, workDir } })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Pictures: no AVIF variants for ${url}: ${(error as Error)?.message ?? error}`)
    } finally {
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined)
    }
  })
  running = turn
  await turn
}

export const config: SubscriberConfig = {
  event: PICTURE_CREATED,
}
