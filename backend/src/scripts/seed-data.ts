import { slugify } from "@shop/contract"
import type { BrandId, CategoryId } from "@shop/contract"
import type { Shape } from "./png"

/** The shop's one region (Bangladesh, BDT): the seed makes it, migration scripts find it by this name. */
export const SEED_REGION_NAME = "Bangladesh"

export type SeedProduct = {
  handle: string
  title: string
  description: string
  category: CategoryId
  brand: BrandId
  /** whole taka */
  price: number
  /** 0 = not on sale */
  saleprice: number
  stock: number
  shape: Shape
}

type Row = [string, CategoryId, BrandId, number, number, number, Shape, string]

// title, category, brand, price, saleprice, stock, picture, description
const ROWS: Row[] = [
  [
    "Classic Cotton Polo",
    "men",
    "nike",
    1850,
    1490,
    40,
    "shirt",
    "Breathable pique cotton polo with a ribbed collar, cut for Dhaka's heat.",
  ],
  [
    "Dri-FIT Training Tee",
    "men",
    "nike",
    1650,
    0,
    35,
    "shirt",
    "Sweat-wicking training tee that dries fast and keeps its shape.",
  ],
  [
    "Three Stripes Track Jacket",
    "men",
    "adidas",
    4200,
    3590,
    18,
    "shirt",
    "Full-zip track jacket with the signature three stripes on the sleeves.",
  ],
  [
    "Essentials Crew Sweatshirt",
    "men",
    "adidas",
    3200,
    0,
    0,
    "shirt",
    "Soft brushed fleece crew neck for cool winter evenings.",
  ],
  ["Puma Formstrip Tee", "men", "puma", 1450, 1190, 50, "shirt", "Regular-fit cotton tee with a bold Formstrip print."],
  [
    "Puma Active Shorts",
    "men",
    "puma",
    1350,
    0,
    28,
    "shirt",
    "Lightweight woven shorts with an elastic waist and side pockets.",
  ],
  [
    "Oxford Button-Down Shirt",
    "men",
    "no-brand",
    1250,
    990,
    60,
    "shirt",
    "Everyday oxford cotton shirt, smart enough for the office.",
  ],
  [
    "Linen Panjabi",
    "men",
    "no-brand",
    2450,
    0,
    22,
    "shirt",
    "Light linen panjabi with wooden buttons, made for Eid and weddings.",
  ],
  [
    "Floral Midi Dress",
    "women",
    "zara",
    3850,
    3290,
    20,
    "dress",
    "Flowing viscose midi dress with a soft floral print.",
  ],
  ["Satin Slip Skirt", "women", "zara", 2650, 0, 15, "dress", "Bias-cut satin skirt that moves with you."],
  ["Ribbed Knit Top", "women", "h&m", 990, 790, 45, "shirt", "Fitted ribbed top in stretch cotton, easy to layer."],
  ["Wide Leg Trousers", "women", "h&m", 2190, 0, 30, "dress", "High-waisted wide leg trousers in a drapey weave."],
  [
    "Levi's 501 Women's Jeans",
    "women",
    "levi",
    5200,
    4490,
    12,
    "dress",
    "The original straight fit, cut for women, in rigid denim.",
  ],
  [
    "Levi's Trucker Jacket",
    "women",
    "levi",
    6500,
    0,
    0,
    "shirt",
    "Iconic denim trucker jacket with chest flap pockets.",
  ],
  [
    "Cotton Salwar Kameez",
    "women",
    "no-brand",
    2850,
    2390,
    26,
    "dress",
    "Three-piece printed cotton salwar kameez with a chiffon orna.",
  ],
  [
    "Handloom Tangail Saree",
    "women",
    "no-brand",
    4500,
    0,
    9,
    "dress",
    "Handwoven Tangail cotton saree with a contrast border.",
  ],
  [
    "Kids Swoosh Hoodie",
    "kids",
    "nike",
    2200,
    1790,
    25,
    "shirt",
    "Cosy fleece hoodie with a kangaroo pocket for active kids.",
  ],
  ["Kids Running Tee", "kids", "nike", 1100, 0, 40, "shirt", "Light and breathable tee for school sports day."],
  ["Kids Track Suit", "kids", "adidas", 3400, 2890, 14, "shirt", "Two-piece tricot track suit with the three stripes."],
  ["Kids Logo Tee", "kids", "adidas", 990, 0, 33, "shirt", "Soft cotton tee with a big playful logo."],
  ["Girls Denim Pinafore", "kids", "zara", 2300, 1950, 11, "dress", "Denim pinafore dress with adjustable straps."],
  [
    "Boys Checked Shirt",
    "kids",
    "zara",
    1700,
    0,
    19,
    "shirt",
    "Brushed cotton checked shirt with a button-down collar.",
  ],
  [
    "Kids Cotton Pyjama Set",
    "kids",
    "no-brand",
    850,
    690,
    48,
    "shirt",
    "Two-piece cotton pyjama set for comfortable nights.",
  ],
  ["Kids Eid Panjabi", "kids", "no-brand", 1450, 0, 0, "shirt", "Embroidered cotton panjabi for little ones on Eid."],
  [
    "Levi's Leather Belt",
    "accessories",
    "levi",
    2400,
    1990,
    30,
    "bag",
    "Genuine leather belt with a classic metal buckle.",
  ],
  [
    "Levi's Canvas Backpack",
    "accessories",
    "levi",
    3900,
    0,
    16,
    "bag",
    "Roomy canvas backpack with a padded laptop sleeve.",
  ],
  ["H&M Knit Beanie", "accessories", "h&m", 690, 550, 38, "cap", "Soft rib-knit beanie for chilly mornings."],
  ["H&M Shoulder Bag", "accessories", "h&m", 1890, 0, 21, "bag", "Compact faux-leather shoulder bag with a zip top."],
  [
    "Puma Baseball Cap",
    "accessories",
    "puma",
    1200,
    990,
    44,
    "cap",
    "Curved-brim cotton cap with an embroidered cat logo.",
  ],
  ["Puma Gym Sack", "accessories", "puma", 950, 0, 27, "bag", "Drawstring gym sack that packs flat."],
  [
    "Cotton Gamcha Scarf",
    "accessories",
    "no-brand",
    450,
    0,
    70,
    "cap",
    "Handwoven checked gamcha, light and absorbent.",
  ],
  ["Leather Wallet", "accessories", "no-brand", 1150, 890, 35, "bag", "Slim bifold wallet in full-grain leather."],
  [
    "Air Zoom Running Shoe",
    "footwear",
    "nike",
    9500,
    8490,
    10,
    "shoe",
    "Responsive cushioning for daily runs and long walks.",
  ],
  [
    "Court Vision Sneaker",
    "footwear",
    "nike",
    7200,
    0,
    13,
    "shoe",
    "Basketball-inspired low-top sneaker in clean leather.",
  ],
  [
    "Ultraboost Light",
    "footwear",
    "adidas",
    12500,
    10990,
    7,
    "shoe",
    "Energy-returning Boost midsole in a lighter build.",
  ],
  ["Adilette Slides", "footwear", "adidas", 2800, 0, 32, "shoe", "Quick-dry slides for the beach, the gym and home."],
  ["Puma Suede Classic", "footwear", "puma", 6200, 5290, 15, "shoe", "The 1968 icon in soft suede with a rubber sole."],
  ["Puma Softride Sandal", "footwear", "puma", 3100, 0, 0, "shoe", "Cushioned sandal with adjustable straps."],
  [
    "Leather Kolhapuri Chappal",
    "footwear",
    "no-brand",
    1350,
    1090,
    24,
    "shoe",
    "Hand-stitched leather chappal, comfortable all day.",
  ],
  ["Canvas Loafers", "footwear", "no-brand", 1650, 0, 29, "shoe", "Slip-on canvas loafers with a cushioned insole."],
  ["Summer Cotton Kurta", "men", "no-brand", 1550, 1290, 31, "shirt", "Short cotton kurta in summer colours."],
  ["Chiffon Party Gown", "women", "zara", 5900, 0, 8, "dress", "Layered chiffon gown for weddings and parties."],
]

export const SEED_PRODUCTS: SeedProduct[] = ROWS.map(
  ([title, category, brand, price, saleprice, stock, shape, description]) => ({
    handle: slugify(title),
    title,
    description,
    category,
    brand,
    price,
    saleprice,
    stock,
    shape,
  })
)

/**
 * The published Bengali demo landing page `npm start` shows at
 * /landing/salwar-kameez-offer: every section filled. Hero and gallery images
 * are the product's own picture (added by the seed).
 */
export const DEMO_LANDING_PAGE = {
  productHandle: slugify("Cotton Salwar Kameez"),
  title: "ঈদ অফার: কটন সালোয়ার কামিজ",
  slug: "salwar-kameez-offer",
  isActive: true,
  groups: {
    hero: {
      headline: "আরামদায়ক কটন সালোয়ার কামিজ, এখন বিশেষ ছাড়ে",
      subheadline: "তিন পিসের প্রিন্টেড সেট, সাথে শিফন ওড়না। সারাদেশে ক্যাশ অন ডেলিভারি।",
      description: "হালকা গরম পানিতে উল্টো করে ধুয়ে ছায়ায় শুকাতে দিন। মাঝারি তাপে আয়রন করুন। প্রথমবার আলাদা করে ধোয়া ভালো।",
      ctaButtonText: "এখনই অর্ডার করুন",
      showPrice: true,
      showDiscount: true,
    },
    benefits: [
      { icon: "✓", title: "১০০% কটন কাপড়", description: "গরমেও আরামদায়ক, নিঃশ্বাস নিতে পারে এমন কাপড়।" },
      { icon: "✓", title: "পাকা রং", description: "বারবার ধোয়ার পরও রং থাকে উজ্জ্বল।" },
      { icon: "✓", title: "তিন পিসের সেট", description: "কামিজ, সালোয়ার আর শিফন ওড়না একসাথে।" },
      { icon: "✓", title: "সব সাইজ", description: "M, L, XL ও XXL সাইজে পাওয়া যাচ্ছে।" },
    ],
    gallery: { showGallery: true },
    testimonials: [
      {
        name: "নুসরাত জাহান",
        rating: 5,
        comment: "কাপড়ের মান খুব ভালো, ছবির সাথে হুবহু মিল। দুই দিনেই হাতে পেয়েছি।",
        image: "",
      },
      { name: "ফারহানা ইসলাম", rating: 5, comment: "ঈদের জন্য দুইটা নিয়েছিলাম, সবাই প্রশংসা করেছে।", image: "" },
      { name: "শারমিন আক্তার", rating: 4, comment: "রং সুন্দর, সেলাই মজবুত। ডেলিভারিও দ্রুত ছিল।", image: "" },
    ],
    orderForm: { showOrderForm: true, showPhoneField: true, showAddressFields: true, showEmailField: true },
    // the form charges ৳60/৳120 for delivery: no badge may promise it free (badgesContradictingDelivery)
    trustBadges: {
      showTrustBadges: true,
      badges: ["Cash on Delivery", "Money Back Guarantee", "সারাদেশে হোম ডেলিভারি"],
    },
    urgency: { showCountdown: false, countdownEndDate: null, showStockCount: true, stockCount: 0 },
    styling: { primaryColor: "#0F766E", accentColor: "#FF6B6B", fontFamily: "Poppins" as const },
  },
}
