// @vitest-environment node
import fs from "node:fs"
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import {
  ALWAYS_RUNS,
  bengaliRuns,
  drawings,
  fontCodepoints,
  makeSubset,
  unicodeRange,
  type FaceWeight,
} from "./font-subset"

const require = createRequire(import.meta.url)
const fullFace = (weight: FaceWeight) =>
  new Uint8Array(
    fs.readFileSync(
      require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`)
    )
  )
const FONTS = new Map<FaceWeight, Uint8Array>([
  [400, fullFace(400)],
  [700, fullFace(700)],
])

/** Conjunct-heavy Bengali: ক্ষ, ন্ত্র, র‍্য (ZWJ), reph, ya-phala, two-part vowels, ৳ and digits. */
const TEXT = "ক্ষমা মন্ত্রী র‍্যাব অর্ডার ক্যাশ স্বাস্থ্য উজ্জ্বল সম্পূর্ণ কৌতুক বোঝা ৳১,২৫০ দুঃখিত শীঘ্রই ঘণ্টা সর্বোচ্চ"

describe("bengaliRuns", () => {
  it("splits text into the runs the Bengali face draws: spaces, Latin and markup break them, ZWJ does not", () => {
    expect(bengaliRuns('<p title="অফার">আপনার নাম: Rahim, ৳৫০০।</p> র‍্যাব')).toEqual([
      "অফার",
      "আপনার",
      "নাম",
      "৳৫০০।",
      "র‍্যাব",
    ])
    expect(bengaliRuns("only Latin 0-9")).toEqual([])
  })
})

describe("unicodeRange", () => {
  it("joins consecutive code points and drops duplicates", () => {
    expect(unicodeRange([0x9f3, 0x995, 0x996, 0x997, 0x995, 0x200d])).toBe("U+995-997, U+9F3, U+200D")
  })
})

describe("makeSubset", { timeout: 60_000 }, () => {
  it("cuts both faces to the page's glyphs, draws every text exactly as the full face and weighs less than half", async () => {
    const runs = bengaliRuns(TEXT)
    const subset = await makeSubset(FONTS, runs)
    expect(subset.hash).toMatch(/^[0-9a-f]{20}$/)
    expect(subset.faces.map((face) => face.weight)).toEqual([400, 700])
    const all = [...runs, ...ALWAYS_RUNS]
    for (const face of subset.faces) {
      const full = FONTS.get(face.weight)!
      expect(face.woff2.length).toBeLessThan(full.length / 2)
      // same outlines, advances, offsets and clusters, glyph by glyph
      expect(await drawings(face.woff2, all)).toEqual(await drawings(full, all))
      // its unicode-range is what it maps: the texts' characters and those of the glyphs kept (ৗ of ৌ)
      expect((await fontCodepoints(face.woff2)).sort((a, b) => a - b)).toEqual(subset.codepoints)
    }
    expect(subset.codepoints).toContain(0x200d)
    expect(subset.codepoints).toContain(0x9d7)
    expect(subset.codepoints).toContain("৳".codePointAt(0))
  })

  it("names a cut by what it holds: the same texts the same hash, other texts another", async () => {
    const a = await makeSubset(FONTS, ["আপনার", "নাম"])
    const b = await makeSubset(FONTS, ["নাম", "আপনার", "নাম"])
    const c = await makeSubset(FONTS, ["আপনার", "ঠিকানা"])
    expect(b.hash).toBe(a.hash)
    expect(c.hash).not.toBe(a.hash)
    expect(Buffer.compare(a.faces[0]!.woff2, b.faces[0]!.woff2)).toBe(0)
  })
})
