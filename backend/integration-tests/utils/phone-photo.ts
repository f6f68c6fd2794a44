import exifReader from "exif-reader"
import sharp from "sharp"

/**
 * A photo as a merchant's phone writes it: 12 megapixels stored sideways
 * (4032x3024 with EXIF Orientation 6, so it shows 3024x4032 upright), JPEG at
 * a phone's quality with detail everywhere (it weighs what a phone photo
 * weighs, 3-5 MB), the camera's make and model, and the GPS position of where
 * it was taken. Made in the run: nothing binary is committed. Used by the
 * picture tests and by `npm run bench`.
 */
export type PhonePhotoOptions = {
  /** The stored (sideways) size; default 4032x3024. */
  width?: number
  height?: number
  /** EXIF Orientation; default 6 (the phone was held upright: turn 90 degrees clockwise to show). */
  orientation?: number
  quality?: number
}

/** Where the photo says it was taken (a shop in Dhaka). */
export const PHOTO_GPS = {
  latitudeRef: "N",
  latitude: "23/1 48/1 3000/100",
  longitudeRef: "E",
  longitude: "90/1 24/1 1500/100",
}

export async function makePhonePhoto(options: PhonePhotoOptions = {}): Promise<Buffer> {
  const { width = 4032, height = 3024, orientation = 6, quality = 90 } = options
  // grain at every scale a camera sees, softened as a lens does: JPEG cannot squeeze it below a photo's size
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120, g: 140, b: 160 },
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer()
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: "Xiaomi", Model: "Redmi Note 12", Software: "MIUI Camera" },
      IFD3: {
        GPSLatitudeRef: PHOTO_GPS.latitudeRef,
        GPSLatitude: PHOTO_GPS.latitude,
        GPSLongitudeRef: PHOTO_GPS.longitudeRef,
        GPSLongitude: PHOTO_GPS.longitude,
      },
    })
    .withMetadata({ orientation })
    .toBuffer()
}

/** The GPS position an image file's EXIF publishes, if any (what a stripped picture must not carry). */
export async function gpsTags(file: Buffer): Promise<Record<string, unknown> | undefined> {
  const { exif } = await sharp(file).metadata()
  if (!exif) return undefined
  const gps = exifReader(exif).GPSInfo
  return gps && Object.keys(gps).length ? gps : undefined
}
