/**
 * What the landing fonts read of text, without HarfBuzz (font-subset.ts, on
 * the font worker only): the runs a browser draws with the Bengali face, the
 * runs every cut holds, a cut's unicode-range. The server imports this, so it
 * starts without loading any WebAssembly.
 */

/** The weights a landing page draws Bengali with (packages/fonts/bengali.css: 400 and 700). */
export const FACE_WEIGHTS = [400, 700] as const
export type FaceWeight = (typeof FACE_WEIGHTS)[number]

/**
 * The full Bengali face's unicode-range (packages/fonts/bengali.css): a
 * browser draws these characters, and only these, with Noto Sans Bengali, in
 * runs of them (a space or a Latin letter is the page's Latin font).
 */
const BENGALI_FACE_CHARS =
  "\\u0951\\u0952\\u0964\\u0965\\u0980-\\u09fe\\u1cd0\\u1cd2\\u1cd5\\u1cd6\\u1cd8\\u1ce1\\u1cea\\u1ced\\u1cf2\\u1cf5-\\u1cf7\\u200c\\u200d\\u20b9\\u25cc\\ua8f1"
// single code points on purpose (vowel signs, ZWJ): a run is every one of them in a row
// eslint-disable-next-line no-misleading-character-class
const BENGALI_RUN = new RegExp(`[${BENGALI_FACE_CHARS}]+`, "gu")

/** The runs of `text` the Bengali face draws: each shaped on its own, as a browser does. */
export function bengaliRuns(text: string): string[] {
  return text.match(BENGALI_RUN) ?? []
}

const DIGITS = "০১২৩৪৫৬৭৮৯"
/**
 * Runs every cut holds whatever the page says: each Bengali digit and the taka
 * sign (prices, counts, the countdown, any number a message names, with `টি`
 * after it), the dandas, ZWJ and ZWNJ (র‍্য), the dotted circle HarfBuzz draws
 * a broken cluster on.
 */
export const ALWAYS_RUNS: readonly string[] = [
  ...DIGITS,
  DIGITS,
  `৳${DIGITS}`,
  ...[...DIGITS].map((digit) => `${digit}টি`),
  "।",
  "॥",
  "\u200c",
  "\u200d",
  "\u25cc",
]

/** `codepoints` as a CSS unicode-range, consecutive ones joined. */
export function unicodeRange(codepoints: readonly number[]): string {
  const sorted = [...new Set(codepoints)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i]! + 1) i++
    const hex = (n: number) => n.toString(16).toUpperCase()
    parts.push(start === sorted[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(sorted[i]!)}`)
  }
  return parts.join(", ")
}

/** The weights landing.css gives each of the merchant's Latin families (500 falls to 400, 800 to 700). */
export const LATIN_WEIGHTS = [400, 600, 700] as const
export type LatinWeight = (typeof LATIN_WEIGHTS)[number]

/**
 * Characters every Latin cut holds whatever the page says: the space, the
 * digits and ASCII's punctuation (prices, counts, the countdown, totals the
 * app works out and shows after the page's first render), and the letters
 * FreeType's auto-hinter measures a Latin font's heights on (afblue.dat:
 * THEZOCQS, HEZLOCUS, fijkdbh, xzroesc, pqgjy). Without them Chromium on
 * Linux and Android hints the cut's glyphs a pixel away from the full face's.
 * Other letters only as the page shows them: one the app shows later falls to
 * the full face.
 */
export const ALWAYS_LATIN = ` \u00a00123456789!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~THEZOCQSLUfijkdbhxzroescpqgy`

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }

/** `text` with its HTML character references read (React writes &amp;, &#x27;, &quot;; a merchant's text may hold any). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole
    const codepoint = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return codepoint > 0 && codepoint <= 0x10ffff ? String.fromCodePoint(codepoint) : whole
  })
}

/**
 * What a rendered page shows as text, read from its HTML: text between tags
 * and the placeholders and values of its fields, without scripts, styles and
 * the rest of the markup (class names and addresses are never drawn).
 */
export function shownText(html: string): string {
  const body = html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ").replace(/<!--[\s\S]*?-->/g, " ")
  const parts: string[] = []
  for (const [, value] of body.matchAll(/\s(?:placeholder|value)="([^"]*)"/gi)) parts.push(value!)
  parts.push(body.replace(/<[^>]*>/g, " "))
  return decodeEntities(parts.join(" "))
}

/**
 * The runs of `text` a Latin face draws (everything but the Bengali face's
 * characters), each cut at spaces: words and numbers as a browser shapes them
 * (a word whose letters are all in a cut is drawn as with the full face).
 */
export function latinRuns(text: string): string[] {
  return text
    .replace(BENGALI_RUN, " ")
    .split(/\s+/u)
    .filter((run) => run.length > 0)
}
