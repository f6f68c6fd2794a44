/** The longest landing page slug. */
export const MAX_SLUG_LENGTH = 100

/*
 * Bengali in Latin letters, the way Bangladeshi shops spell their addresses
 * (ঢাকা dhaka, শাড়ি shari, পাঞ্জাবি panjabi): a page titled in Bengali gets a
 * slug a shopper can read and type. Consonants carry the inherent vowel "o"
 * unless a vowel sign or the hasanta replaces it.
 */
const CONSONANTS: Record<string, string> = {
  ক: "k",
  খ: "kh",
  গ: "g",
  ঘ: "gh",
  ঙ: "ng",
  চ: "ch",
  ছ: "chh",
  জ: "j",
  ঝ: "jh",
  ঞ: "n",
  ট: "t",
  ঠ: "th",
  ড: "d",
  ঢ: "dh",
  ণ: "n",
  ত: "t",
  থ: "th",
  দ: "d",
  ধ: "dh",
  ন: "n",
  প: "p",
  ফ: "f",
  ব: "b",
  ভ: "bh",
  ম: "m",
  য: "j",
  র: "r",
  ল: "l",
  শ: "sh",
  ষ: "sh",
  স: "s",
  হ: "h",
  "\u09DC": "r",
  "\u09DD": "rh",
  "\u09DF": "y",
}

/** The consonants written with a nukta (◌়), as NFC leaves them. */
const NUKTA: Record<string, string> = { ড: "\u09DC", ঢ: "\u09DD", য: "\u09DF" }
const NUKTA_SIGN = "\u09BC"

const VOWELS: Record<string, string> = {
  অ: "o",
  আ: "a",
  ই: "i",
  ঈ: "i",
  উ: "u",
  ঊ: "u",
  ঋ: "ri",
  এ: "e",
  ঐ: "oi",
  ও: "o",
  ঔ: "ou",
}

const VOWEL_SIGNS: Record<string, string> = {
  "া": "a",
  "ি": "i",
  "ী": "i",
  "ু": "u",
  "ূ": "u",
  "ৃ": "ri",
  "ে": "e",
  "ৈ": "oi",
  "ো": "o",
  "ৌ": "ou",
}

/** ং and ৎ close a syllable and keep the vowel before them (রং rong, সৎ sot); ঁ and ঃ are not written in Latin. */
const MARKS: Record<string, string> = { "ং": "ng", ৎ: "t", "ঁ": "", "ঃ": "" }

const HASANTA = "্"

/** English words shops write in Bengali letters, kept in their English spelling. */
const WORDS: Record<string, string> = {
  ঈদ: "eid",
  ইদ: "eid",
  অফার: "offer",
  ফ্রি: "free",
  ফ্রী: "free",
  ডেলিভারি: "delivery",
  ডেলিভারী: "delivery",
  কালেকশন: "collection",
  কম্বো: "combo",
  সেল: "sale",
  প্যাকেজ: "package",
  হোম: "home",
  স্পেশাল: "special",
  নিউ: "new",
}

const BENGALI_LETTER = /[\u0980-\u09FF]/

/** One written syllable: a consonant cluster or a vowel, with its vowel sign and marks. */
type Syllable = { cluster: string; sign?: string; mark: string; bare: boolean }

/** Case endings after an English word written in Bengali (ঈদের eider, অফারে offere). */
const WORD_ENDINGS = ["", "ের", "ে"]

function transliterateWord(word: string): string {
  const known = Object.keys(WORDS).find((w) => word.startsWith(w) && WORD_ENDINGS.includes(word.slice(w.length)))
  if (known) return WORDS[known] + transliterateWord(word.slice(known.length))

  const syllables: Syllable[] = []
  let i = 0
  while (i < word.length) {
    const ch = word[i]!
    const vowel = VOWELS[ch] ?? VOWEL_SIGNS[ch]
    if (vowel !== undefined) {
      syllables.push({ cluster: "", sign: vowel, mark: "", bare: false })
      i += 1
      continue
    }
    if (CONSONANTS[ch] === undefined) {
      syllables.push({ cluster: MARKS[ch] ?? "", mark: "", bare: false })
      i += 1
      continue
    }
    // a cluster: consonants joined by the hasanta (ন্ট, প্র, ঞ্জ, ক্ষ)
    let cluster = ""
    let open = true
    for (;;) {
      let letter = word[i]!
      if (word[i + 1] === NUKTA_SIGN && NUKTA[letter]) {
        letter = NUKTA[letter]!
        i += 1
      }
      i += 1
      // the য-ফলা before আ only colours the vowel (ব্যাগ bag); elsewhere it is a y
      cluster += cluster !== "" && letter === "য" ? (word[i] === "া" ? "" : "y") : CONSONANTS[letter]!
      // ঙ্গ is one "ng" (লেহেঙ্গা lehenga)
      cluster = cluster.replace("ngg", "ng")
      if (word[i] !== HASANTA) break
      i += 1
      if (CONSONANTS[word[i] ?? ""] === undefined) {
        open = false
        break
      }
    }
    const sign = open ? VOWEL_SIGNS[word[i] ?? ""] : undefined
    if (sign !== undefined) i += 1
    let mark = ""
    while (MARKS[word[i] ?? ""] !== undefined) mark += MARKS[word[i++]!]
    syllables.push({ cluster, sign, mark, bare: open && sign === undefined })
  }

  // The inherent vowel: spoken after a word's first consonant and before ং
  // (রং rong), never after its last, and silent between a vowel and a
  // consonant with a vowel sign of its own (জামদানি jamdani, মসলিন moslin).
  let out = ""
  syllables.forEach((s, n) => {
    const next = syllables[n + 1]
    const afterVowel = /[aeiou]$/.test(out)
    const inherent =
      s.bare && (s.mark !== "" || (next !== undefined && (n === 0 || !afterVowel || next.sign === undefined)))
    out += s.cluster + (inherent ? "o" : "") + (s.sign ?? "") + s.mark
  })
  return out
}

/** Bengali words in Latin letters, Bengali digits as 0-9; anything else as it is. */
function transliterate(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
    .replace(/[\u0980-\u09FF\u200C\u200D]+/g, (word) =>
      BENGALI_LETTER.test(word) ? transliterateWord(word.replace(/[\u200C\u200D]/g, "")) : word
    )
}

/**
 * The spec's slug rule (SPEC.md section 4): lowercase, runs of
 * non-alphanumeric characters become one hyphen, edge hyphens trimmed; Bengali
 * read in Latin letters first and accents dropped (Café cafe), so a title in
 * any of the shop's languages makes one. At most MAX_SLUG_LENGTH characters.
 */
export function slugify(text: string): string {
  return transliterate(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "")
}

/**
 * A new page's slug from its title, never empty while there is a title: one
 * with no letter or digit (only emoji or signs) gets "page-" and a short code
 * of the title's own, which the merchant can replace.
 */
export function slugFromTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed) return ""
  const slug = slugify(trimmed)
  if (slug) return slug
  // FNV-1a: the same title always gives the same code
  let hash = 0x811c9dc5
  for (const ch of trimmed) {
    hash ^= ch.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193)
  }
  return `page-${(hash >>> 0).toString(36).padStart(6, "0").slice(-6)}`
}

/** What a slug can look like (the rule's output, at most 100 characters; the length is checked first). */
export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_SLUG_LENGTH && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)
}
