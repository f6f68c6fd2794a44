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
 * Places that are not the city: the Dhaka district's towns beyond the city
 * corporations (Savar, Ashulia, Keraniganj, Dhamrai, Dohar, Nawabganj),
 * Tongi, and the other 63 districts. They tell an area's name apart from a
 * town of the same name elsewhere ("Mirpur, Kushtia"); an address that names
 * Dhaka itself is Dhaka whatever else it says (the spec's rule).
 */
const OUTSIDE_LATIN = [
  "savar",
  "ashulia",
  "keraniganj",
  "keranigonj",
  "dhamrai",
  "dohar",
  "nawabganj",
  "tongi",
  "bagerhat",
  "bandarban",
  "barguna",
  "barishal",
  "barisal",
  "bhola",
  "bogura",
  "bogra",
  "brahmanbaria",
  "chandpur",
  "chapainawabganj",
  "chattogram",
  "chittagong",
  "ctg",
  "chuadanga",
  "coxs bazar",
  "coxsbazar",
  "cox bazar",
  "cumilla",
  "comilla",
  "dinajpur",
  "faridpur",
  "feni",
  "gaibandha",
  "gazipur",
  "gopalganj",
  "habiganj",
  "hobiganj",
  "jamalpur",
  "jashore",
  "jessore",
  "jhalokati",
  "jhalakathi",
  "jhalokathi",
  "jhenaidah",
  "jhenaidaha",
  "joypurhat",
  "jaipurhat",
  "khagrachari",
  "khagrachhari",
  "khulna",
  "kishoreganj",
  "kishorganj",
  "kurigram",
  "kushtia",
  "lakshmipur",
  "laxmipur",
  "lalmonirhat",
  "madaripur",
  "magura",
  "manikganj",
  "meherpur",
  "moulvibazar",
  "maulvibazar",
  "munshiganj",
  "mymensingh",
  "naogaon",
  "narail",
  "narayanganj",
  "narayangonj",
  "narsingdi",
  "narsindi",
  "natore",
  "netrokona",
  "netrakona",
  "nilphamari",
  "noakhali",
  "pabna",
  "panchagarh",
  "patuakhali",
  "pirojpur",
  "rajbari",
  "rajshahi",
  "rangamati",
  "rangpur",
  "satkhira",
  "shariatpur",
  "sherpur",
  "sirajganj",
  "sunamganj",
  "sylhet",
  "tangail",
  "thakurgaon",
]
const OUTSIDE_BENGALI = [
  "সাভার",
  "আশুলিয়া",
  "কেরানীগঞ্জ",
  "কেরানিগঞ্জ",
  "ধামরাই",
  "দোহার",
  "নবাবগঞ্জ",
  "টঙ্গী",
  "টঙ্গি",
  "বাগেরহাট",
  "বান্দরবান",
  "বরগুনা",
  "বরিশাল",
  "ভোলা",
  "বগুড়া",
  "ব্রাহ্মণবাড়িয়া",
  "চাঁদপুর",
  "চাঁপাইনবাবগঞ্জ",
  "চট্টগ্রাম",
  "চুয়াডাঙ্গা",
  "কক্সবাজার",
  "কুমিল্লা",
  "দিনাজপুর",
  "ফরিদপুর",
  "ফেনী",
  "গাইবান্ধা",
  "গাজীপুর",
  "গোপালগঞ্জ",
  "হবিগঞ্জ",
  "জামালপুর",
  "যশোর",
  "ঝালকাঠি",
  "ঝিনাইদহ",
  "জয়পুরহাট",
  "খাগড়াছড়ি",
  "খুলনা",
  "কিশোরগঞ্জ",
  "কুড়িগ্রাম",
  "কুষ্টিয়া",
  "লক্ষ্মীপুর",
  "লালমনিরহাট",
  "মাদারীপুর",
  "মাগুরা",
  "মানিকগঞ্জ",
  "মেহেরপুর",
  "মৌলভীবাজার",
  "মুন্সীগঞ্জ",
  "মুন্সিগঞ্জ",
  "ময়মনসিংহ",
  "নওগাঁ",
  "নড়াইল",
  "নারায়ণগঞ্জ",
  "নারায়নগঞ্জ",
  "নরসিংদী",
  "নাটোর",
  "নেত্রকোণা",
  "নেত্রকোনা",
  "নীলফামারী",
  "নোয়াখালী",
  "পাবনা",
  "পঞ্চগড়",
  "পটুয়াখালী",
  "পিরোজপুর",
  "রাজবাড়ী",
  "রাজশাহী",
  "রাঙ্গামাটি",
  "রাঙামাটি",
  "রংপুর",
  "সাতক্ষীরা",
  "শরীয়তপুর",
  "শেরপুর",
  "সিরাজগঞ্জ",
  "সুনামগঞ্জ",
  "সিলেট",
  "টাঙ্গাইল",
  "ঠাকুরগাঁও",
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

const phrases = (names: string[]) => names.map((name) => normalize(name))

const latinNames = (names: string[]) => phrases(names)
const bengaliNames = (names: string[]) =>
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
    outside: [...latinNames(OUTSIDE_LATIN), ...bengaliNames(OUTSIDE_BENGALI)],
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
