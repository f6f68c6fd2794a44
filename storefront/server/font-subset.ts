/**
 * A landing page's own cut of Noto Sans Bengali: the glyphs its known texts
 * (the page, the order form's and the confirmation's messages) are drawn with
 * and nothing else, made with HarfBuzz (harfbuzzjs: its shaper and its
 * hb-subset, both WebAssembly) and packed as woff2 (wawoff2).
 *
 * Why glyphs and not only characters: subsetting by characters keeps the
 * layout closure, every conjunct any two of the page's letters can form. A
 * Bengali page uses most letters, so that keeps about 75% of the font. Here
 * each text is shaped with the full font and the glyphs every lookup step
 * produced are kept (with the characters' cmap and every layout feature);
 * then each text is shaped again with the cut and compared glyph by glyph
 * (outline, advance, offsets, cluster) with the full font. A cut that draws
 * any known text differently is refused. Text nobody knew of (what a shopper
 * types) must not be drawn with the cut: the page's CSS keeps it on the full
 * face (font-store.ts).
 *
 * Runs in the font worker (font-worker.ts); tests call it directly.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import * as hb from "harfbuzzjs"
import wawoff2 from "wawoff2"
import { ALWAYS_LATIN, ALWAYS_RUNS, FACE_WEIGHTS, LATIN_WEIGHTS, type FaceWeight, type LatinWeight } from "./font-text"

export {
  ALWAYS_LATIN,
  ALWAYS_RUNS,
  bengaliRuns,
  FACE_WEIGHTS,
  LATIN_WEIGHTS,
  latinRuns,
  shownText,
  unicodeRange,
  type FaceWeight,
  type LatinWeight,
} from "./font-text"

export type FaceSubset = {
  weight: FaceWeight | LatinWeight
  /** The cut as woff2. */
  woff2: Buffer
  /** Glyphs kept (of the full font's). */
  glyphs: number
}

export type Subset = {
  /** The cut's name: a hash of the full fonts, the characters and the glyph ids kept in each face. */
  hash: string
  /** The characters the cut maps (both faces), for its unicode-range. */
  codepoints: number[]
  faces: FaceSubset[]
  /** How long making it took, ms. */
  ms: number
}

// hb-subset's own build (harfbuzzjs ships it beside the shaper), loaded once per thread
const HB_MEMORY_MODE_WRITABLE = 2
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200
type SubsetExports = Record<string, (...args: number[]) => number> & { memory: WebAssembly.Memory }
let subsetWasm: Promise<SubsetExports> | undefined
/** The module's exports as this file calls them: its functions (numbers in, a number out) and its memory. */
function subsetExports(exports: WebAssembly.Exports): SubsetExports {
  const { memory } = exports
  if (!(memory instanceof WebAssembly.Memory)) throw new Error("harfbuzz-subset.wasm exports no memory")
  const functions: Record<string, (...args: number[]) => number> = {}
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === "function") functions[name] = (...args: number[]) => Number(value(...args))
  }
  return Object.assign(functions, { memory })
}
function loadSubsetWasm(): Promise<SubsetExports> {
  subsetWasm ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz-subset.wasm")
    const module = await WebAssembly.compile(new Uint8Array(await fs.promises.readFile(wasmPath)))
    const instance = await WebAssembly.instantiate(module)
    const exports = subsetExports(instance.exports)
    exports._initialize!()
    return exports
  })()
  return subsetWasm
}

/**
 * hb-subset of `sfnt`: these characters and glyphs, every layout feature; no
 * closure beyond them unless `closure` (every glyph a kept character's
 * lookups can reach: small for a Latin face, most of a Bengali one).
 */
function cut(
  wasm: SubsetExports,
  sfnt: Uint8Array,
  codepoints: Iterable<number>,
  glyphs: Iterable<number>,
  closure = false
): Buffer {
  const input = wasm.hb_subset_input_create_or_fail!()
  if (!input) throw new Error("hb_subset_input_create_or_fail failed")
  const fontPtr = wasm.malloc!(sfnt.byteLength)
  new Uint8Array(wasm.memory.buffer).set(sfnt, fontPtr)
  const blob = wasm.hb_blob_create!(fontPtr, sfnt.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0)
  const face = wasm.hb_face_create!(blob, 0)
  wasm.hb_blob_destroy!(blob)
  let subset = 0
  try {
    // every feature the font has (hb-subset --layout-features='*'): the browser may ask for any of them
    const features = wasm.hb_subset_input_set!(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG)
    wasm.hb_set_clear!(features)
    wasm.hb_set_invert!(features)
    const unicodeSet = wasm.hb_subset_input_unicode_set!(input)
    for (const codepoint of codepoints) wasm.hb_set_add!(unicodeSet, codepoint)
    const glyphSet = wasm.hb_subset_input_glyph_set!(input)
    for (const glyph of glyphs) wasm.hb_set_add!(glyphSet, glyph)
    if (!closure) {
      wasm.hb_subset_input_set_flags!(input, wasm.hb_subset_input_get_flags!(input) | HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE)
    }
    subset = wasm.hb_subset_or_fail!(face, input)
    if (!subset) throw new Error("hb_subset_or_fail failed")
    const result = wasm.hb_face_reference_blob!(subset)
    const offset = wasm.hb_blob_get_data!(result, 0)
    const length = wasm.hb_blob_get_length!(result)
    const bytes = Buffer.from(new Uint8Array(wasm.memory.buffer).slice(offset, offset + length))
    wasm.hb_blob_destroy!(result)
    if (length === 0) throw new Error("hb-subset made an empty font")
    return bytes
  } finally {
    if (subset) wasm.hb_face_destroy!(subset)
    wasm.hb_face_destroy!(face)
    wasm.hb_subset_input_destroy!(input)
    wasm.free!(fontPtr)
  }
}

type Shaper = { font: hb.Font; paths: Map<number, string> }

function shaper(sfnt: Uint8Array): Shaper {
  return { font: new hb.Font(new hb.Face(new hb.Blob(sfnt))), paths: new Map() }
}

/** A run as HarfBuzz shapes it for a Bengali page (the landing HTML's lang is bn). */
function bufferOf(run: string): hb.Buffer {
  const buffer = new hb.Buffer()
  buffer.addText(run)
  buffer.guessSegmentProperties()
  buffer.setLanguage("bn")
  return buffer
}

function shapedGlyphs(shaper: Shaper, run: string): number[] {
  const buffer = bufferOf(run)
  hb.shape(shaper.font, buffer)
  return buffer.getGlyphInfos().map((info) => info.codepoint)
}

/** The glyphs of every step of the run's shaping: a conjunct is often made through glyphs it does not end with. */
function tracedGlyphs(shaper: Shaper, run: string): number[] {
  const glyphs: number[] = []
  for (const step of hb.shapeWithTrace(shaper.font, bufferOf(run), [], 0, hb.TracePhase.DONT_STOP)) {
    if (step.glyphs) for (const glyph of step.t as { g: number }[]) glyphs.push(glyph.g)
  }
  return glyphs
}

/** The run as drawn (with these features beside the default ones): each glyph's outline, advance, offsets and cluster. */
function drawn(shaper: Shaper, run: string, features: readonly string[] = []): string[] {
  const buffer = bufferOf(run)
  hb.shape(
    shaper.font,
    buffer,
    features.map((feature) => hb.Feature.fromString(feature)!)
  )
  return buffer.getGlyphInfosAndPositions().map((glyph) => {
    let path = shaper.paths.get(glyph.codepoint)
    if (path === undefined) {
      path = shaper.font.glyphToPath(glyph.codepoint)
      shaper.paths.set(glyph.codepoint, path)
    }
    return `${glyph.cluster}:${glyph.xAdvance}:${glyph.yAdvance}:${glyph.xOffset}:${glyph.yOffset}:${path}`
  })
}

const sameDrawing = (a: string[], b: string[]) => a.length === b.length && a.every((glyph, i) => glyph === b[i])

/** Steps of adding the traced glyphs of the runs a cut still draws differently before it is refused. */
const MAX_ROUNDS = 3

/** One face cut for `runs`: throws when the cut would draw any of them differently from the full face. */
async function cutFace(
  wasm: SubsetExports,
  woff2: Uint8Array,
  runs: readonly string[],
  codepoints: readonly number[]
): Promise<{ sfnt: Buffer; glyphs: number[] }> {
  const sfnt = await wawoff2.decompress(woff2)
  const full = shaper(sfnt)
  const glyphs = new Set<number>([0])
  for (const run of runs) for (const glyph of shapedGlyphs(full, run)) glyphs.add(glyph)
  const expected = new Map(runs.map((run) => [run, drawn(full, run)]))
  for (let round = 0; ; round++) {
    const sub = cut(wasm, sfnt, codepoints, glyphs)
    const subShaper = shaper(sub)
    const differing = runs.filter((run) => !sameDrawing(drawn(subShaper, run), expected.get(run)!))
    if (differing.length === 0) return { sfnt: sub, glyphs: [...glyphs].sort((a, b) => a - b) }
    if (round === MAX_ROUNDS)
      throw new Error(`the cut draws ${differing.length} texts differently, e.g. ${differing[0]}`)
    for (const run of differing) for (const glyph of tracedGlyphs(full, run)) glyphs.add(glyph)
  }
}

/** `pageRuns` and the runs every cut holds, once each and sorted, and the characters they are made of. */
function runsWith(pageRuns: Iterable<string>, always: Iterable<string>): { runs: string[]; codepoints: number[] } {
  const runs = [...new Set([...pageRuns, ...always])].sort()
  const codepoints = [...new Set(runs.flatMap((run) => [...run].map((char) => char.codePointAt(0)!)))]
  return { runs, codepoints: codepoints.sort((a, b) => a - b) }
}

/** The characters a font (sfnt) maps. */
const mappedBy = (sfnt: Uint8Array) => new Set(new hb.Face(new hb.Blob(sfnt)).collectUnicodes())

/** What every face so far maps: the first face's characters, then those the next one maps too. */
const common = (sofar: Set<number> | undefined, next: Set<number>) =>
  sofar ? new Set([...sofar].filter((codepoint) => next.has(codepoint))) : next

/**
 * The cut of the full Bengali faces (`fonts`: woff2 by weight) for these runs
 * (bengaliRuns of the page's texts; ALWAYS_RUNS are added).
 */
export async function makeSubset(fonts: ReadonlyMap<number, Uint8Array>, pageRuns: Iterable<string>): Promise<Subset> {
  const started = performance.now()
  const { runs, codepoints } = runsWith(pageRuns, ALWAYS_RUNS)
  const wasm = await loadSubsetWasm()
  const hash = createHash("sha256").update(codepoints.join(","))
  const faces: FaceSubset[] = []
  // what the cut maps: the texts' characters and those of glyphs kept (ৗ, the second half of ৌ). The
  // unicode-range names them all: a browser checks it for the characters HarfBuzz decomposes to, and
  // a cut left out of its own range for ৗ draws ৌ as another glyph
  let mapped: Set<number> | undefined
  for (const weight of FACE_WEIGHTS) {
    const woff2 = fonts.get(weight)
    if (!woff2) throw new Error(`no ${weight} face to cut`)
    const face = await cutFace(wasm, woff2, runs, codepoints)
    mapped = common(mapped, mappedBy(face.sfnt))
    hash.update(`|${weight}:`).update(createHash("sha256").update(woff2).digest()).update(face.glyphs.join(","))
    faces.push({ weight, woff2: Buffer.from(await wawoff2.compress(face.sfnt)), glyphs: face.glyphs.length })
  }
  const range = [...new Set([...codepoints, ...mapped!])].sort((a, b) => a - b)
  return {
    hash: hash.digest("hex").slice(0, 20),
    codepoints: range,
    faces,
    ms: Math.round(performance.now() - started),
  }
}

/** Features a Latin cut is checked with: the defaults, and tabular figures (landing.css's prices and countdown). */
const LATIN_FEATURES: readonly (readonly string[])[] = [[], ["tnum"]]

/**
 * The cut of a Latin family's faces (`fonts`: woff2 by weight) for these
 * runs (latinRuns of the page's shown text; ALWAYS_LATIN is added): their
 * characters with every glyph the font's lookups reach from them (every
 * feature: landing.css asks for tabular figures). Each run is shaped with the
 * cut and the full face and must be drawn alike, or there is no cut.
 */
export async function makeLatinSubset(
  fonts: ReadonlyMap<number, Uint8Array>,
  pageRuns: Iterable<string>
): Promise<Subset> {
  const started = performance.now()
  const { runs, codepoints } = runsWith(pageRuns, ALWAYS_LATIN)
  const wasm = await loadSubsetWasm()
  const hash = createHash("sha256").update(`latin|${codepoints.join(",")}`)
  const faces: FaceSubset[] = []
  let mapped: Set<number> | undefined
  for (const weight of LATIN_WEIGHTS) {
    const woff2 = fonts.get(weight)
    if (!woff2) throw new Error(`no ${weight} face to cut`)
    const sfnt = await wawoff2.decompress(woff2)
    const sub = cut(wasm, sfnt, codepoints, [0], true)
    const full = shaper(sfnt)
    const subShaper = shaper(sub)
    // a character the face lacks is drawn by the next family: the browser shapes what is on either side of it apart
    const fullMapped = mappedBy(sfnt)
    const drawnRuns = runs.flatMap((run) => splitAtMissing(run, fullMapped))
    const differing = drawnRuns.find((run) =>
      LATIN_FEATURES.some((features) => !sameDrawing(drawn(subShaper, run, features), drawn(full, run, features)))
    )
    if (differing !== undefined) throw new Error(`the Latin cut draws ${JSON.stringify(differing)} differently`)
    mapped = common(mapped, mappedBy(sub))
    hash.update(`|${weight}:`).update(createHash("sha256").update(woff2).digest())
    faces.push({ weight, woff2: Buffer.from(await wawoff2.compress(sub)), glyphs: glyphCount(sub) })
  }
  return {
    hash: hash.digest("hex").slice(0, 20),
    // only what every face maps: a character one lacks falls to the next family, never to a box
    codepoints: [...mapped!].sort((a, b) => a - b),
    faces,
    ms: Math.round(performance.now() - started),
  }
}

/** `run` in the pieces between characters the face does not map. */
function splitAtMissing(run: string, mapped: ReadonlySet<number>): string[] {
  const pieces: string[] = []
  let piece = ""
  for (const char of run) {
    if (mapped.has(char.codePointAt(0)!)) piece += char
    else if (piece) {
      pieces.push(piece)
      piece = ""
    }
  }
  if (piece) pieces.push(piece)
  return pieces
}

/** The glyphs a font (sfnt) holds: its maxp table's numGlyphs. */
function glyphCount(sfnt: Uint8Array): number {
  const maxp = new hb.Face(new hb.Blob(sfnt)).referenceTable("maxp")
  return maxp && maxp.length >= 6 ? (maxp[4]! << 8) | maxp[5]! : 0
}

/** A font as sfnt: a woff2 file ("wOF2") unpacked, anything else as it is. */
const sfntOf = async (font: Uint8Array) =>
  font[0] === 0x77 && font[1] === 0x4f && font[2] === 0x46 && font[3] === 0x32 ? wawoff2.decompress(font) : font

/** How each run is drawn with this font (woff2 or sfnt): for tests comparing a cut with its full face. */
export async function drawings(
  font: Uint8Array,
  runs: readonly string[],
  features: readonly string[] = []
): Promise<string[][]> {
  const fontShaper = shaper(await sfntOf(font))
  return runs.map((run) => drawn(fontShaper, run, features))
}

/** The characters a font (woff2 or sfnt) maps. */
export async function fontCodepoints(font: Uint8Array): Promise<number[]> {
  return [...mappedBy(await sfntOf(font))]
}
