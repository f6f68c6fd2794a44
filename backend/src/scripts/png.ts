import { deflateSync } from "zlib"

/**
 * A tiny PNG encoder for the seed's product pictures: the catalog ships no
 * image files and fetches none, so each product gets a picture drawn here.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    }
    table[n] = c >>> 0
  }
  return table
})()

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (let i = 0; i < buf.length; i++) {
    c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8)
  }
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "ascii"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

export type Rgb = [number, number, number]

/** Encodes an RGB image; `pixel(x, y)` gives each pixel's colour. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  let o = 0
  for (let y = 0; y < height; y++) {
    raw[o++] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y)
      raw[o++] = r
      raw[o++] = g
      raw[o++] = b
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

export type Shape = "shirt" | "dress" | "shoe" | "bag" | "cap"

/**
 * A product picture: a soft background in the product's hue and a flat
 * silhouette of its kind (shirt, dress, shoe, bag, cap) with stripes.
 */
export function productPicture(seed: number, shape: Shape, size = 320): Buffer {
  const hue = (seed * 47) % 360
  const background = hsl(hue, 0.35, 0.92)
  const body = hsl(hue, 0.55, 0.45)
  const stripe = hsl((hue + 180) % 360, 0.5, 0.6)
  const s = size
  const inside = (x: number, y: number): boolean => {
    const u = x / s
    const v = y / s
    switch (shape) {
      case "shirt":
        return (
          (u > 0.3 && u < 0.7 && v > 0.25 && v < 0.85) ||
          (v > 0.25 && v < 0.45 && u > 0.12 && u < 0.88 && v - 0.25 < (0.3 - Math.abs(u - 0.5)) * 1.2)
        )
      case "dress":
        return v > 0.15 && v < 0.88 && Math.abs(u - 0.5) < 0.1 + (v - 0.15) * 0.4
      case "shoe":
        return (v > 0.5 && v < 0.7 && u > 0.15 && u < 0.85) || (v > 0.35 && v <= 0.5 && u > 0.15 && u < 0.5)
      case "bag":
        return (
          (v > 0.4 && v < 0.85 && u > 0.2 && u < 0.8) ||
          (v > 0.2 && v <= 0.4 && Math.abs(Math.hypot(u - 0.5, v - 0.4) - 0.17) < 0.03)
        )
      case "cap":
        return (
          (v < 0.55 && Math.hypot(u - 0.5, (v - 0.55) * 1.3) < 0.3) || (v >= 0.55 && v < 0.62 && u > 0.2 && u < 0.9)
        )
    }
  }
  return encodePng(s, s, (x, y) => {
    if (!inside(x, y)) {
      return background
    }
    return Math.floor((y + seed * 3) / 14) % 4 === 0 ? stripe : body
  })
}
