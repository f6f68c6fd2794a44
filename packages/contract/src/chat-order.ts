import type { DeliveryArea } from "./delivery"
import { deliveryAreaOf, districtOf } from "./delivery-area"
import { asciiDigits, normalizeBdPhone } from "./phone"

/**
 * What a phone call or a Messenger chat an admin pasted says about the order:
 * the phone, the name and the address, for the staff to check before saving.
 * Null where the text does not say it.
 */
export type ChatOrderFields = {
  /** the Bangladeshi mobile as 01XXXXXXXXX */
  phone: string | null
  /** a number written in the text that is not a Bangladeshi mobile (the first one), as typed */
  notMobile: string | null
  name: string | null
  address: string | null
  /** the delivery area the address falls in (the contract's deliveryAreaOf), when there is an address */
  deliveryArea: DeliveryArea | null
}

/** The longest paste the screen and the server read (a chat's last messages, not its history). */
export const MAX_CHAT_TEXT = 4000

/** Labels staff and shoppers put before each part, in English, Banglish and Bengali (lower case, no punctuation). */
const LABELS = {
  name: ["customer name", "full name", "name", "nam", "naam", "নাম", "গ্রাহকের নাম", "কাস্টমারের নাম", "ক্রেতার নাম"],
  phone: [
    "phone number",
    "mobile number",
    "contact number",
    "phone",
    "mobile",
    "mob",
    "cell",
    "contact",
    "number",
    "no",
    "ফোন নম্বর",
    "ফোন নাম্বার",
    "মোবাইল নম্বর",
    "মোবাইল নাম্বার",
    "ফোন",
    "মোবাইল",
    "নম্বর",
    "নাম্বার",
    "যোগাযোগ",
  ],
  address: [
    "delivery address",
    "full address",
    "address",
    "addr",
    "adress",
    "location",
    "thikana",
    "tikana",
    "ঠিকানা",
    "ঠিকানাঃ",
    "এড্রেস",
    "এড্রেসঃ",
    "পূর্ণ ঠিকানা",
    "ডেলিভারি ঠিকানা",
  ],
} as const
type Part = keyof typeof LABELS

/** "My name is ..." and its Banglish and Bengali ways, with what follows them. */
const NAME_PHRASES = [/\bmy name is\s+/i, /\bamar nam(?:e)?\s+/i, /আমার নাম\s*/]
/** Words that end a name said in a phrase ("amar nam Karim, ..."; "আমার নাম সুমি। ..."). */
const NAME_ENDS = /[,.।\n;]|\s(?:phone|number|mobile|address|thikana|from)\b|\s(?:ফোন|নম্বর|মোবাইল|ঠিকানা|বাসা)/iu

/** Words an address holds and a name does not. */
const ADDRESS_WORDS =
  /\b(?:house|road|rd|block|sector|lane|flat|floor|village|vill|post|thana|upazila|upozila|district|zilla|sadar|bazar|para|more|moor|holding|avenue|street|college|school)\b|বাড়ি|বাসা|রোড|ব্লক|সেক্টর|লেন|ফ্ল্যাট|তলা|গ্রাম|পোস্ট|থানা|উপজেলা|জেলা|সদর|বাজার|পাড়া|মোড়|হোল্ডিং|এভিনিউ|কলেজ|স্কুল/iu

/** A run of digits (ASCII or Bengali) with the separators people write in phone numbers. */
const NUMBER_RUN = /\+?[0-9০-৯](?:[0-9০-৯]|[\s\-.()](?=[\s\-.()]*[0-9০-৯])){6,20}/g

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** A comma (or semicolon, or দাঁড়ি) followed by a label and its colon: where one part of a one-line message ends. */
const LABEL_AFTER_COMMA = new RegExp(
  `[,;।]\\s*(?=(?:${[...LABELS.name, ...LABELS.phone, ...LABELS.address]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|")})\\s*(?:[:：=]|ঃ))`,
  "giu"
)

/** Text with its label and the punctuation after a label taken off ("Name: ", "নাম - ", "Address ="). */
function afterLabel(line: string, part: Part): string | null {
  const lower = line.toLowerCase().trimStart()
  for (const label of LABELS[part]) {
    if (!lower.startsWith(label)) continue
    const rest = line.trimStart().slice(label.length)
    // a label is followed by punctuation (":", "-", "=", "ঃ") or by a space and then the value
    const m = /^\s*(?:(?:[:：=\-–—]|ঃ)+|\s)\s*/.exec(rest)
    if (!m) continue
    // "number" alone is a label only before digits ("Number: 017..."); "no" likewise
    const value = rest.slice(m[0].length).trim()
    if ((label === "number" || label === "no") && !/^[+0-9০-৯]/.test(value)) continue
    return value
  }
  return null
}

/** A line that reads as a person's name: one to five words of letters, no digits. */
function looksLikeName(line: string): boolean {
  const words = line.trim().split(/\s+/)
  return (
    words.length >= 1 &&
    words.length <= 5 &&
    line.length <= 60 &&
    !/[0-9০-৯,@/#:]/.test(line) &&
    /^[\p{L}\p{M}.'\s-]+$/u.test(line.trim()) &&
    !ADDRESS_WORDS.test(line) &&
    districtOf(line) === null
  )
}

/** A line that reads as an address: a district or a Dhaka area the contract knows, or address words. */
function looksLikeAddress(line: string): boolean {
  return districtOf(line) !== null || deliveryAreaOf(line) === "dhaka" || ADDRESS_WORDS.test(line)
}

/** Greetings and chatter that are no one's name ("Assalamu alaikum", "Order confirm korte chai", "ভাই"). */
const CHATTER =
  /\b(?:assalamu?|salam|alaikum|hello|hi|hey|vai|bhai|bhaiya|apu|apa|sir|madam|ok|okay|thanks|thank|order|confirm|price|koto|chai|lagbe|nibo|nebo|size|available|please|plz|delivery|kobe|kalke|taka|tk)\b|আসসালাম|সালাম|ভাই|আপু|ধন্যবাদ|অর্ডার|দাম|চাই|লাগবে|নিব|সাইজ|ডেলিভারি|টাকা/iu

/**
 * The label of a part written inside a line ("... number 017... thikana: Savar
 * bazar"): with its punctuation, after a space or a sentence's end. The value
 * runs to the line's end.
 */
function labelInside(line: string, part: Part): string | null {
  for (const label of LABELS[part]) {
    const at = line.toLowerCase().indexOf(label)
    if (at <= 0 || !/[\s.,;।]/.test(line[at - 1] ?? "")) continue
    const m = /^\s*(?:[:：=\-–—]|ঃ)+\s*/.exec(line.slice(at + label.length))
    if (m) return line.slice(at + label.length + m[0].length).trim()
  }
  return null
}

const clean = (value: string) =>
  value
    .replace(/\s+/g, " ")
    .replace(/^[\s,.;:।-]+|[\s,;:-]+$/g, "")
    .trim()

/** The numbers written in the text: the first Bangladeshi mobile, and the first number that is none. */
function numbersOf(text: string): { phone: string | null; typed: string | null; notMobile: string | null } {
  let phone: string | null = null
  let typed: string | null = null
  let notMobile: string | null = null
  for (const m of text.matchAll(NUMBER_RUN)) {
    const run = m[0].trim()
    const digits = asciiDigits(run).replace(/\D/g, "")
    const mobile = normalizeBdPhone(run)
    if (mobile && !phone) {
      phone = mobile
      typed = run
    }
    // a house or postcode number is short; a phone-like run of 10 or more digits that is no mobile is worth naming
    else if (!mobile && !notMobile && digits.length >= 10) notMobile = run
  }
  return { phone, typed, notMobile }
}

/**
 * Reads a pasted chat or call note: labelled lines first ("Name:", "নাম:",
 * "Phone -", "ঠিকানা:", and their Banglish ways), then "my name is" phrases,
 * then unlabelled lines (the phone is the Bangladeshi mobile written anywhere,
 * ASCII or Bengali digits, +880 or 0; a short line of letters is the name; the
 * longest line that reads as a place is the address). The address keeps the
 * words as typed, without the phone.
 */
export function readChatOrder(text: string): ChatOrderFields {
  const input = String(text ?? "").slice(0, MAX_CHAT_TEXT)
  const { phone, typed, notMobile } = numbersOf(input)
  const lines = input
    // "Mobile: 017..., Name: Karim, Address: Mirpur": each labelled part on a line of its own
    .replace(LABEL_AFTER_COMMA, "\n")
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:[-*•>]+|\d+[.)])\s+/, "").trim())
    .filter(Boolean)

  let name: string | null = null
  let address: string | null = null
  const used = new Set<number>()
  lines.forEach((line, i) => {
    const labelledName = afterLabel(line, "name")
    if (labelledName !== null && !name) {
      // "Name: Karim, phone 017..., Mirpur": a name ends at its first comma
      name = clean(labelledName.split(/[,;।]/)[0] ?? "")
      used.add(i)
      return
    }
    const labelledAddress = afterLabel(line, "address")
    if (labelledAddress !== null && !address) {
      // an address may run on over the lines after it that hold no other label
      const more: string[] = []
      for (const [k, next] of lines.slice(i + 1).entries()) {
        if ((["name", "phone"] as const).some((p) => afterLabel(next, p) !== null)) break
        if (normalizeBdPhone(next)) break
        more.push(next)
        used.add(i + 1 + k)
      }
      address = clean([labelledAddress, ...more].join(", "))
      used.add(i)
      return
    }
    if (afterLabel(line, "phone") !== null) {
      used.add(i)
      return
    }
    const inside = labelInside(line, "address")
    if (inside !== null && !address) address = clean(inside)
  })

  if (!name) {
    for (const phrase of NAME_PHRASES) {
      const m = phrase.exec(input)
      if (!m) continue
      const rest = input.slice(m.index + m[0].length)
      const end = rest.search(NAME_ENDS)
      const said = clean(end >= 0 ? rest.slice(0, end) : rest)
      if (said && said.split(/\s+/).length <= 5) {
        name = said
        break
      }
    }
  }

  // unlabelled lines: the phone taken out of each (a line may be "Karim 01712345678")
  const withoutPhone = (line: string) => clean(typed ? line.split(typed).join(" ") : line)
  const rest = lines.map((line, i) => ({ i, line: withoutPhone(line) })).filter(({ i, line }) => !used.has(i) && line)
  if (!name) {
    // of the lines that read as a name, the one next to the phone's line, else the first
    const phoneLine = typed ? lines.findIndex((line) => line.includes(typed)) : -1
    const names = rest.filter(({ line }) => looksLikeName(line) && !CHATTER.test(line))
    const candidate = names.find(({ i }) => Math.abs(i - phoneLine) === 1) ?? names[0]
    if (candidate) {
      name = candidate.line
      used.add(candidate.i)
    }
  }
  if (!address) {
    const places = rest.filter(({ i, line }) => !used.has(i) && looksLikeAddress(line))
    const longest = places.sort((a, b) => b.line.length - a.line.length)[0]
    if (longest) address = longest.line
  }

  return {
    phone,
    notMobile: phone ? null : notMobile,
    name: name || null,
    address: address || null,
    deliveryArea: address ? deliveryAreaOf(address) : null,
  }
}
