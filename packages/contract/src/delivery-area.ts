import type { DeliveryArea } from "./delivery"

/**
 * Dhaka as shoppers spell it in Latin letters when it is not "dhaka" itself
 * (any word holding "dhaka" already counts): the old spelling and the
 * misspellings couriers see every day. Whole words only.
 */
const DHAKA_SPELLINGS = [
  "dacca",
  "dhacca",
  "daka",
  "dahka",
  "dakha",
  "dhakha",
  "dhakka",
  "dhaaka",
  "dhakaa",
  "dhka",
  "dhk",
]

/** ঢাকা, whole or with a case ending (ঢাকার, ঢাকায়, ঢাকাতে). */
const DHAKA_BENGALI = ["ঢাকা"]

/**
 * The city's own areas (Dhaka North and South City Corporations: thanas and
 * the neighbourhoods people write instead of the city), in Latin spellings
 * and in Bengali. Only names that are not also a common word or another
 * town's usual name: a place of the same name elsewhere is told apart by its
 * district (OUTSIDE_PLACES wins).
 */
const DHAKA_AREAS_LATIN = [
  "mirpur",
  "pallabi",
  "kafrul",
  "uttara",
  "uttarkhan",
  "uttar khan",
  "dakshinkhan",
  "dakshin khan",
  "khilkhet",
  "turag",
  "dhanmondi",
  "dhanmandi",
  "dhanmondhi",
  "gulshan",
  "banani",
  "baridhara",
  "bashundhara",
  "basundhara",
  "vatara",
  "bhatara",
  "mohammadpur",
  "mohammedpur",
  "mohamadpur",
  "muhammadpur",
  "adabor",
  "lalmatia",
  "shyamoli",
  "shamoli",
  "kallyanpur",
  "kalyanpur",
  "agargaon",
  "sher e bangla nagar",
  "sher e banglanagar",
  "farmgate",
  "tejgaon",
  "tejgao",
  "mohakhali",
  "moghbazar",
  "mogbazar",
  "maghbazar",
  "malibagh",
  "rampura",
  "banasree",
  "banashree",
  "aftabnagar",
  "badda",
  "khilgaon",
  "sabujbagh",
  "basabo",
  "mugda",
  "motijheel",
  "motijhil",
  "paltan",
  "shantinagar",
  "kakrail",
  "ramna",
  "shahbagh",
  "shahbag",
  "azimpur",
  "lalbagh",
  "hazaribagh",
  "kamrangirchar",
  "chawkbazar",
  "bangshal",
  "sutrapur",
  "gendaria",
  "wari",
  "jatrabari",
  "kadamtali",
  "shyampur",
  "demra",
  "nikunja",
  "kuril",
]
const DHAKA_AREAS_BENGALI = [
  "মিরপুর",
  "পল্লবী",
  "কাফরুল",
  "উত্তরা",
  "উত্তরখান",
  "দক্ষিণখান",
  "খিলক্ষেত",
  "তুরাগ",
  "ধানমন্ডি",
  "ধানমণ্ডি",
  "গুলশান",
  "বনানী",
  "বারিধারা",
  "বসুন্ধরা",
  "ভাটারা",
  "মোহাম্মদপুর",
  "মোহাম্মাদপুর",
  "আদাবর",
  "লালমাটিয়া",
  "শ্যামলী",
  "কল্যাণপুর",
  "আগারগাঁও",
  "শেরেবাংলা নগর",
  "ফার্মগেট",
  "তেজগাঁও",
  "মহাখালী",
  "মগবাজার",
  "মালিবাগ",
  "রামপুরা",
  "বনশ্রী",
  "আফতাবনগর",
  "বাড্ডা",
  "খিলগাঁও",
  "সবুজবাগ",
  "বাসাবো",
  "মুগদা",
  "মতিঝিল",
  "পল্টন",
  "শান্তিনগর",
  "কাকরাইল",
  "রমনা",
  "শাহবাগ",
  "আজিমপুর",
  "লালবাগ",
  "হাজারীবাগ",
  "কামরাঙ্গীরচর",
  "চকবাজার",
  "বংশাল",
  "সূত্রাপুর",
  "গেন্ডারিয়া",
  "ওয়ারী",
  "যাত্রাবাড়ী",
  "যাত্রাবাড়ি",
  "কদমতলী",
  "শ্যামপুর",
  "ডেমরা",
  "নিকুঞ্জ",
  "কুড়িল",
]

/**
 * The Dhaka district's towns beyond the city corporations: outside the city
 * for delivery, in the Dhaka district for the profit figures.
 */
const DHAKA_TOWNS_LATIN = ["savar", "ashulia", "keraniganj", "keranigonj", "dhamrai", "dohar", "nawabganj"]
const DHAKA_TOWNS_BENGALI = ["সাভার", "আশুলিয়া", "কেরানীগঞ্জ", "কেরানিগঞ্জ", "ধামরাই", "দোহার", "নবাবগঞ্জ"]

/**
 * Bangladesh's other 63 districts: the name the shop reports, its Latin
 * spellings and its Bengali names (Tongi is Gazipur's). With Dhaka's towns
 * they are the places that are not the city: they tell an area's name apart
 * from a town of the same name elsewhere ("Mirpur, Kushtia"); an address
 * that names Dhaka itself is Dhaka whatever else it says (the spec's rule).
 */
const DISTRICTS: readonly (readonly [name: string, latin: readonly string[], bengali: readonly string[]])[] = [
  ["Bagerhat", ["bagerhat"], ["বাগেরহাট"]],
  ["Bandarban", ["bandarban"], ["বান্দরবান"]],
  ["Barguna", ["barguna"], ["বরগুনা"]],
  ["Barishal", ["barishal", "barisal"], ["বরিশাল"]],
  ["Bhola", ["bhola"], ["ভোলা"]],
  ["Bogura", ["bogura", "bogra"], ["বগুড়া"]],
  ["Brahmanbaria", ["brahmanbaria"], ["ব্রাহ্মণবাড়িয়া"]],
  ["Chandpur", ["chandpur"], ["চাঁদপুর"]],
  ["Chapainawabganj", ["chapainawabganj"], ["চাঁপাইনবাবগঞ্জ"]],
  ["Chattogram", ["chattogram", "chittagong", "ctg"], ["চট্টগ্রাম"]],
  ["Chuadanga", ["chuadanga"], ["চুয়াডাঙ্গা"]],
  ["Cox's Bazar", ["coxs bazar", "coxsbazar", "cox bazar"], ["কক্সবাজার"]],
  ["Cumilla", ["cumilla", "comilla"], ["কুমিল্লা"]],
  ["Dinajpur", ["dinajpur"], ["দিনাজপুর"]],
  ["Faridpur", ["faridpur"], ["ফরিদপুর"]],
  ["Feni", ["feni"], ["ফেনী"]],
  ["Gaibandha", ["gaibandha"], ["গাইবান্ধা"]],
  ["Gazipur", ["gazipur", "tongi"], ["গাজীপুর", "টঙ্গী", "টঙ্গি"]],
  ["Gopalganj", ["gopalganj"], ["গোপালগঞ্জ"]],
  ["Habiganj", ["habiganj", "hobiganj"], ["হবিগঞ্জ"]],
  ["Jamalpur", ["jamalpur"], ["জামালপুর"]],
  ["Jashore", ["jashore", "jessore"], ["যশোর"]],
  ["Jhalokati", ["jhalokati", "jhalakathi", "jhalokathi"], ["ঝালকাঠি"]],
  ["Jhenaidah", ["jhenaidah", "jhenaidaha"], ["ঝিনাইদহ"]],
  ["Joypurhat", ["joypurhat", "jaipurhat"], ["জয়পুরহাট"]],
  ["Khagrachhari", ["khagrachari", "khagrachhari"], ["খাগড়াছড়ি"]],
  ["Khulna", ["khulna"], ["খুলনা"]],
  ["Kishoreganj", ["kishoreganj", "kishorganj"], ["কিশোরগঞ্জ"]],
  ["Kurigram", ["kurigram"], ["কুড়িগ্রাম"]],
  ["Kushtia", ["kushtia"], ["কুষ্টিয়া"]],
  ["Lakshmipur", ["lakshmipur", "laxmipur"], ["লক্ষ্মীপুর"]],
  ["Lalmonirhat", ["lalmonirhat"], ["লালমনিরহাট"]],
  ["Madaripur", ["madaripur"], ["মাদারীপুর"]],
  ["Magura", ["magura"], ["মাগুরা"]],
  ["Manikganj", ["manikganj"], ["মানিকগঞ্জ"]],
  ["Meherpur", ["meherpur"], ["মেহেরপুর"]],
  ["Moulvibazar", ["moulvibazar", "maulvibazar"], ["মৌলভীবাজার"]],
  ["Munshiganj", ["munshiganj"], ["মুন্সীগঞ্জ", "মুন্সিগঞ্জ"]],
  ["Mymensingh", ["mymensingh"], ["ময়মনসিংহ"]],
  ["Naogaon", ["naogaon"], ["নওগাঁ"]],
  ["Narail", ["narail"], ["নড়াইল"]],
  ["Narayanganj", ["narayanganj", "narayangonj"], ["নারায়ণগঞ্জ", "নারায়নগঞ্জ"]],
  ["Narsingdi", ["narsingdi", "narsindi"], ["নরসিংদী"]],
  ["Natore", ["natore"], ["নাটোর"]],
  ["Netrokona", ["netrokona", "netrakona"], ["নেত্রকোণা", "নেত্রকোনা"]],
  ["Nilphamari", ["nilphamari"], ["নীলফামারী"]],
  ["Noakhali", ["noakhali"], ["নোয়াখালী"]],
  ["Pabna", ["pabna"], ["পাবনা"]],
  ["Panchagarh", ["panchagarh"], ["পঞ্চগড়"]],
  ["Patuakhali", ["patuakhali"], ["পটুয়াখালী"]],
  ["Pirojpur", ["pirojpur"], ["পিরোজপুর"]],
  ["Rajbari", ["rajbari"], ["রাজবাড়ী"]],
  ["Rajshahi", ["rajshahi"], ["রাজশাহী"]],
  ["Rangamati", ["rangamati"], ["রাঙ্গামাটি", "রাঙামাটি"]],
  ["Rangpur", ["rangpur"], ["রংপুর"]],
  ["Satkhira", ["satkhira"], ["সাতক্ষীরা"]],
  ["Shariatpur", ["shariatpur"], ["শরীয়তপুর"]],
  ["Sherpur", ["sherpur"], ["শেরপুর"]],
  ["Sirajganj", ["sirajganj"], ["সিরাজগঞ্জ"]],
  ["Sunamganj", ["sunamganj"], ["সুনামগঞ্জ"]],
  ["Sylhet", ["sylhet"], ["সিলেট"]],
  ["Tangail", ["tangail"], ["টাঙ্গাইল"]],
  ["Thakurgaon", ["thakurgaon"], ["ঠাকুরগাঁও"]],
]
/** Bengali case endings a place name may carry: ঢাকার (of), ঢাকায় / ঢাকাতে (in), মিরপুরে. */
const BENGALI_ENDINGS = ["", "র", "য়", "তে", "ে", "ের", "এ"]

/**
 * One way of writing: NFC (ড়, য় as one code point or two read the same),
 * lower case, and everything but letters and Bengali signs (digits Latin or
 * Bengali, punctuation, ৳) a single space, with a space at each end so names
 * match as whole words.
 */
function normalize(text: string): string {
  const words = text
    .normalize("NFC")
    .toLowerCase()
    // the zero-width joiners some Bengali keyboards put inside a word, apostrophes (Cox's)
    .replace(/\u200c|\u200d|['’`]/g, "")
    .replace(/[^a-z\u0980-\u09e5\u09f0\u09f1]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  return ` ${words.join(" ")} `
}

const phrases = (names: readonly string[]) => names.map((name) => normalize(name))

const latinNames = (names: readonly string[]) => phrases(names)
const bengaliNames = (names: readonly string[]) =>
  phrases(names).flatMap((name) => BENGALI_ENDINGS.map((ending) => normalize(name.trim() + ending)))

type NameLists = { spelled: string[]; areas: string[]; outside: string[] }
let nameLists: NameLists | undefined

/**
 * The names in their one way of writing, made on first use: nothing runs when
 * the module loads, so a client that imports only the charges (the landing
 * page, within its script budget) leaves the lists out of its bundle.
 */
function compiledNames(): NameLists {
  nameLists ??= {
    spelled: [...latinNames(DHAKA_SPELLINGS), ...bengaliNames(DHAKA_BENGALI)],
    areas: [...latinNames(DHAKA_AREAS_LATIN), ...bengaliNames(DHAKA_AREAS_BENGALI)],
    outside: [
      ...latinNames(DHAKA_TOWNS_LATIN),
      ...bengaliNames(DHAKA_TOWNS_BENGALI),
      ...DISTRICTS.flatMap(([, latin, bengali]) => [...latinNames(latin), ...bengaliNames(bengali)]),
    ],
  }
  return nameLists
}

const names = (text: string, list: string[]) => list.some((name) => text.includes(name))

/**
 * The area a city (or a whole address) falls in when the shopper did not
 * choose one (SPEC.md section 4): the one rule of the shop's checkout, its
 * landing drafts and Medusa's /store checkout. Dhaka is Dhaka city as
 * shoppers here write it. The spec's rule comes first: an address that
 * names Dhaka (any word holding "dhaka": Dhaka City, DHAKA-1207, DhakaCity;
 * ঢাকা with or without a case ending; the usual misspellings, Dahka, Dacca,
 * Daka...) is Dhaka, "Savar, Dhaka" included. An address that does not name
 * it is Dhaka when it names one of the city's areas (Mirpur, Uttara,
 * Dhanmondi, মিরপুর...) and no place outside the city (Savar, Gazipur,
 * another district: "Mirpur, Kushtia" is not Dhaka's Mirpur). Anything else
 * is outside.
 */
export function deliveryAreaOf(city: string | undefined | null): DeliveryArea {
  if (!city) return "outside"
  const text = normalize(city)
  const { spelled, areas, outside } = compiledNames()
  if (text.split(" ").some((word) => word.includes("dhaka")) || names(text, spelled)) return "dhaka"
  if (names(text, outside)) return "outside"
  return names(text, areas) ? "dhaka" : "outside"
}

type DistrictNames = { name: string; names: string[] }[]
let districtLists: DistrictNames | undefined

/** Each district other than Dhaka with its names in their one way of writing, made on first use. */
function compiledDistricts(): DistrictNames {
  districtLists ??= DISTRICTS.map(([name, latin, bengali]) => ({
    name,
    names: [...latinNames(latin), ...bengaliNames(bengali)],
  }))
  return districtLists
}

/** Where the last of these names starts in the text, or -1. */
const lastAt = (text: string, list: readonly string[]) => Math.max(-1, ...list.map((name) => text.lastIndexOf(name)))

/** The district Dhaka's own names, areas and towns stand for. */
export const DHAKA_DISTRICT = "Dhaka"

/**
 * The district an address is in, by the names it contains (Latin or
 * Bengali, any case, any punctuation, Bengali case endings), or null when it
 * names none. Another district wins over Dhaka ("Fatullah, Narayanganj,
 * Dhaka" is Narayanganj: people add the division), and of two other districts
 * the one named last ("Sherpur, Bogura": the upazila comes first). Dhaka's
 * spellings, its city areas and its towns (Savar, Keraniganj...) are Dhaka.
 */
export function districtOf(address: string | undefined | null): string | null {
  if (!address) return null
  const text = normalize(address)
  let found: { name: string; at: number } | null = null
  for (const district of compiledDistricts()) {
    const at = lastAt(text, district.names)
    if (at >= 0 && (!found || at > found.at)) found = { name: district.name, at }
  }
  if (found) return found.name
  const { spelled, areas } = compiledNames()
  const towns = [...latinNames(DHAKA_TOWNS_LATIN), ...bengaliNames(DHAKA_TOWNS_BENGALI)]
  const dhaka = text.split(" ").some((word) => word.includes("dhaka")) || names(text, spelled)
  return dhaka || names(text, areas) || names(text, towns) ? DHAKA_DISTRICT : null
}
