import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import sharp from "sharp"
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader"

const run = promisify(execFile)

/**
 * Reads a PDF back as a person and a scanner would, with tools that did not
 * make it: Poppler (Debian's poppler-utils: pdfinfo, pdftotext, pdftoppm)
 * for the pages, their text and their pictures, and ZXing for the barcodes
 * on those pictures.
 */
export class PdfReader {
  private readonly dir: string
  private readonly file: string

  constructor(pdf: Buffer) {
    this.dir = mkdtempSync(path.join(tmpdir(), "pdf-read-"))
    this.file = path.join(this.dir, "in.pdf")
    writeFileSync(this.file, pdf)
  }

  /** Each page's size in points, [width, height], rounded. */
  async pageSizes(): Promise<[number, number][]> {
    const { stdout } = await run("pdfinfo", ["-f", "1", "-l", "100000", this.file])
    return [...stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [
      Math.round(Number(m[1])),
      Math.round(Number(m[2])),
    ])
  }

  /** A page's text (pdftotext honours the marked spans' ActualText: Bengali comes back in its typed order). */
  async text(page: number): Promise<string> {
    const { stdout } = await run("pdftotext", ["-f", String(page), "-l", String(page), "-enc", "UTF-8", this.file, "-"])
    return stdout
  }

  /** The barcodes a scanner reads off a page drawn at 200 dpi: [format, text]. */
  async barcodes(page: number): Promise<[string, string][]> {
    const prefix = path.join(this.dir, `p${page}`)
    await run("pdftoppm", [
      "-r",
      "200",
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      "-png",
      this.file,
      prefix,
    ])
    const { data, info } = await sharp(`${prefix}.png`).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    zxing()
    const found = await readBarcodes(
      {
        data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
        width: info.width,
        height: info.height,
        colorSpace: "srgb",
      },
      { formats: ["Code128", "QRCode"], maxNumberOfSymbols: 8 }
    )
    return found.map((b) => [b.format, b.text] as [string, string]).sort()
  }

  close() {
    rmSync(this.dir, { recursive: true, force: true })
  }
}

let prepared = false
/** ZXing's WebAssembly from its package's file (the default fetches it, which Node cannot from a file path). */
function zxing() {
  if (prepared) return
  prepared = true
  const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"))
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  })
}
