import { describe, expect, it } from "vitest"
import { isSlug, MAX_SLUG_LENGTH, slugFromTitle, slugify } from "./slug"

describe("slugify", () => {
  it("follows the spec's rule", () => {
    expect(slugify("Salwar Kameez Offer!")).toBe("salwar-kameez-offer")
    expect(slugify("  --Eid  Sale 2026-- ")).toBe("eid-sale-2026")
  })

  it("turns runs of anything else into one hyphen", () => {
    expect(slugify("  A__B  ")).toBe("a-b")
    expect(slugify("a&b/c?d=e")).toBe("a-b-c-d-e")
    expect(slugify("-x-")).toBe("x")
  })

  // merchants title their pages in Bengali: the slug reads them in Latin letters
  it.each([
    ["ঈদ অফার", "eid-offer"],
    ["ঈদ অফার: কটন সালোয়ার কামিজ", "eid-offer-koton-saloyar-kamij"],
    ["ঈদ Offer ২০২৬", "eid-offer-2026"],
    ["জামদানি শাড়ি", "jamdani-shari"],
    ["পাঞ্জাবি কালেকশন ২০২৬", "panjabi-collection-2026"],
    ["বাংলাদেশ", "bangladesh"],
    ["নতুন বছরের ছাড়", "notun-bochhrer-chhar"],
    ["ঈদের বিশেষ অফার", "eider-bishesh-offer"],
    ["ব্যাগ", "bag"],
    ["শীতের চাদর", "shiter-chador"],
    ["ঢাকাই মসলিন", "dhakai-moslin"],
    ["প্রিন্টেড থ্রি-পিস", "printed-thri-pis"],
    ["রং", "rong"],
    ["আরামদায়ক জুতা", "aramdayok-juta"],
    ["ফ্রি ডেলিভারি অফার", "free-delivery-offer"],
    ["Winter শাল 50% ছাড়!", "winter-shal-50-chhar"],
    ["০১২৩৪৫৬৭৮৯", "0123456789"],
    ["Café Crème", "cafe-creme"],
  ])("%s -> %s", (title, slug) => {
    expect(slugify(title)).toBe(slug)
    expect(isSlug(slugify(title))).toBe(true)
  })

  it("reads the letters however they were typed (precomposed or with a nukta, vowel signs in one piece or two)", () => {
    // ড় as U+09DC and as ড + ◌়; ো as U+09CB and as ে + া
    expect(slugify("\u09B6\u09BE\u09DC\u09BF")).toBe("shari")
    expect(slugify("\u09B6\u09BE\u09A1\u09BC\u09BF")).toBe("shari")
    expect(slugify("\u09B8\u09BE\u09B2\u09CB\u09AF\u09BC\u09BE\u09B0")).toBe("saloyar")
    expect(slugify("\u09B8\u09BE\u09B2\u09C7\u09BE\u09AF\u09BC\u09BE\u09B0")).toBe("saloyar")
  })

  it("never makes a slug longer than the limit, nor one ending in a hyphen", () => {
    const slug = slugify("ঈদ অফার ".repeat(40))
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
    expect(isSlug(slug)).toBe(true)
  })

  it("is empty only for text without a letter or digit", () => {
    expect(slugify("!!! ...")).toBe("")
    expect(slugify("🔥🔥")).toBe("")
  })
})

describe("slugFromTitle", () => {
  it("is the title's slug when it has one", () => {
    expect(slugFromTitle("ঈদ অফার")).toBe("eid-offer")
    expect(slugFromTitle("Eid Sale")).toBe("eid-sale")
  })

  it("is never empty for a title: one of only signs gets page- and a short code of its own", () => {
    const a = slugFromTitle("🔥🔥🔥")
    expect(a).toMatch(/^page-[a-z0-9]{6}$/)
    expect(isSlug(a)).toBe(true)
    expect(slugFromTitle("🔥🔥🔥")).toBe(a)
    expect(slugFromTitle("★ ★")).not.toBe(a)
  })

  it("is empty while there is no title (the title is asked for first)", () => {
    expect(slugFromTitle("")).toBe("")
    expect(slugFromTitle("   ")).toBe("")
  })
})

describe("isSlug", () => {
  it("accepts what slugify makes, at most 100 characters", () => {
    expect(isSlug("salwar-kameez-offer")).toBe(true)
    expect(isSlug("a".repeat(100))).toBe(true)
    expect(isSlug("a".repeat(101))).toBe(false)
    expect(isSlug("Salwar")).toBe(false)
    expect(isSlug("-a")).toBe(false)
    expect(isSlug("a--b")).toBe(false)
    expect(isSlug(42)).toBe(false)
  })
})
