// @vitest-environment node
import fs from "node:fs"
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import {
  ALWAYS_LATIN,
  ALWAYS_RUNS,
  bengaliRuns,
  drawings,
  fontCodepoints,
  LATIN_WEIGHTS,
  latinRuns,
  makeLatinSubset,
  makeSubset,
  shownText,
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
const FONTS = new Map<number, Uint8Array>([
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

describe("shownText and latinRuns", () => {
  it("reads the text a page shows: between tags, fields' placeholders and values, references decoded", () => {
    const html =
      '<html><head><style>.hero{font-family:Inter}</style><script>var shop={"kind":"zebra"}</script></head>' +
      '<body class="quiet-jungle"><h1>Cotton Kurti &amp; Scarf</h1><!-- an unseen note -->' +
      '<p>দাম ৳২,৩৯০ Cash on Delivery&#x27;s</p><input placeholder="Your name" value="XL">' +
      '<script type="application/json">{"hidden":"quartz"}</script><a href="/wavy">Size &#8211; M</a></body></html>'
    const text = shownText(html)
    for (const shown of ["Cotton Kurti & Scarf", "Cash on Delivery's", "Your name", "XL", "Size \u2013 M", "দাম"]) {
      expect(text).toContain(shown)
    }
    for (const unseen of ["Inter", "zebra", "quiet", "jungle", "unseen", "quartz", "wavy", "href"]) {
      expect(text).not.toContain(unseen)
    }
    expect(latinRuns(text)).toEqual(
      expect.arrayContaining(["Cotton", "Kurti", "&", "Scarf", "Cash", "Delivery's", "XL", "\u2013"])
    )
    // Bengali is the Bengali face's: no Latin run holds any of it
    expect(latinRuns(text).join("")).not.toMatch(/[\u0980-\u09ff]/u)
  })
})

const latinFace = (family: string, weight: number) =>
  new Uint8Array(fs.readFileSync(require.resolve(`@fontsource/${family}/files/${family}-latin-${weight}-normal.woff2`)))

describe("makeLatinSubset", () => {
  // a landing page's Latin: its title, sizes, prices with tabular figures, fi and ff (ligatures in some families)
  const RUNS = latinRuns(
    "Premium Cotton Kurti — Sizes M, L, XL & XXL. Only 2,390 Tk! Offer ends 23:59:59 (office staff)"
  )
  for (const family of ["inter", "roboto", "poppins", "montserrat"]) {
    it(`${family}: each weight cut to the page's characters, drawn as the full face, with and without tabular figures`, async () => {
      const fonts = new Map(LATIN_WEIGHTS.map((weight) => [weight, latinFace(family, weight)] as const))
      const subset = await makeLatinSubset(fonts, RUNS)
      expect(subset.faces.map((face) => face.weight)).toEqual([400, 600, 700])
      const all = [...RUNS, ...ALWAYS_LATIN.split("").filter((char) => char.trim()), "0123456789"]
      for (const face of subset.faces) {
        const full = fonts.get(face.weight)!
        // about half (Montserrat, its kerning between the kept letters) to a third (Inter, Roboto)
        expect(face.woff2.length).toBeLessThan(full.length * 0.6)
        expect(await drawings(face.woff2, all)).toEqual(await drawings(full, all))
        expect(await drawings(face.woff2, all, ["tnum"])).toEqual(await drawings(full, all, ["tnum"]))
        expect((await fontCodepoints(face.woff2)).sort((a, b) => a - b)).toEqual(subset.codepoints)
      }
      // typed text is drawn with it too: any string of its characters, not only the page's, as the full face
      const chars = String.fromCodePoint(...subset.codepoints.filter((codepoint) => codepoint > 0x20))
      let seed = 7
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
      const typed = Array.from({ length: 300 }, () =>
        Array.from({ length: 2 + Math.floor(random() * 6) }, () => chars[Math.floor(random() * chars.length)]).join("")
      )
      typed.push("office", "affluent", "fifty", "--->", "1/2", "10:30")
      for (const face of subset.faces) {
        const full = fonts.get(face.weight)!
        expect(await drawings(face.woff2, typed)).toEqual(await drawings(full, typed))
      }
      // the page's letters and every digit; not a letter the page does not show
      for (const char of "PremiumKXL0123456789,:!&") expect(subset.codepoints).toContain(char.codePointAt(0))
      for (const char of "vwVWY") expect(subset.codepoints).not.toContain(char.codePointAt(0))
    })
  }

  it("leaves out of its range what the family does not map (★ falls to the next family, not to a box)", async () => {
    const fonts = new Map(LATIN_WEIGHTS.map((weight) => [weight, latinFace("poppins", weight)] as const))
    const subset = await makeLatinSubset(fonts, ["★4.8", "Top"])
    expect(subset.codepoints).not.toContain("★".codePointAt(0))
    for (const char of "4.8Top") expect(subset.codepoints).toContain(char.codePointAt(0))
  })

  it("names a cut by its characters and family: another page with the same characters, the same cut", async () => {
    const poppins = new Map(LATIN_WEIGHTS.map((weight) => [weight, latinFace("poppins", weight)] as const))
    const inter = new Map(LATIN_WEIGHTS.map((weight) => [weight, latinFace("inter", weight)] as const))
    const a = await makeLatinSubset(poppins, ["Kurti", "XL"])
    expect((await makeLatinSubset(poppins, ["XL", "Kurti", "XL"])).hash).toBe(a.hash)
    expect((await makeLatinSubset(poppins, ["Kurta", "XL"])).hash).not.toBe(a.hash)
    expect((await makeLatinSubset(inter, ["Kurti", "XL"])).hash).not.toBe(a.hash)
  })
})
