/** Image types the shop accepts, recognised by their first bytes, never by name. */
export type ImageType = { mime: "image/png" | "image/jpeg" | "image/webp" | "image/gif"; ext: string }

export const MAX_IMAGE_BYTES = 5_242_880

export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: "image/png", ext: "png" }
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: "image/jpeg", ext: "jpg" }
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return { mime: "image/webp", ext: "webp" }
  }
  const head = bytes.subarray(0, 6).toString("latin1")
  if (head === "GIF87a" || head === "GIF89a") {
    return { mime: "image/gif", ext: "gif" }
  }
  return null
}
