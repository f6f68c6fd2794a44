import type { OrderConfirmationData } from "../api/create-landing-order"
import type { LandingPage, LandingProduct } from "../api/get-landing-page"

export const PRODUCT: LandingProduct = {
  _id: "prod_salwar",
  title: "Cotton Salwar Kameez",
  description: "Three-piece printed cotton salwar kameez.",
  image: "https://img.example/salwar.jpg",
  price: 2850,
  saleprice: 2390,
  salePrice: 2390,
  category: "women",
  brand: "no-brand",
  stock: 5,
  discount: 16,
}

/** A published page in the shape GET /api/landing/{slug} answers. */
export function landingPage(overrides: Partial<LandingPage> = {}): LandingPage {
  return {
    _id: "lp_1",
    title: "ঈদ অফার: কটন সালোয়ার কামিজ",
    slug: "demo",
    productId: PRODUCT,
    isActive: true,
    hero: {
      headline: "আরামদায়ক কটন সালোয়ার কামিজ",
      subheadline: "তিন পিসের প্রিন্টেড সেট",
      heroImage: "https://img.example/hero.jpg",
      heroImages: ["https://img.example/one.jpg", "https://img.example/two.jpg"],
      description: "হালকা গরম পানিতে ধুয়ে ছায়ায় শুকাতে দিন।",
      ctaButtonText: "এখনই অর্ডার করুন",
      showPrice: true,
      showDiscount: true,
    },
    benefits: [
      { icon: "✓", title: "১০০% কটন কাপড়", description: "গরমেও আরামদায়ক।" },
      { icon: "★", title: "পাকা রং", description: "রং থাকে উজ্জ্বল।" },
    ],
    gallery: { images: ["https://img.example/three.jpg"], showGallery: true },
    testimonials: [
      { name: "নুসরাত জাহান", rating: 5, comment: "কাপড়ের মান খুব ভালো।", image: "" },
      { name: "শারমিন আক্তার", rating: 4, comment: "রং সুন্দর।", image: "https://img.example/sharmin.jpg" },
      { name: "ফারহানা", rating: undefined as unknown as number, comment: "চমৎকার।", image: "" },
    ],
    orderForm: {
      showOrderForm: true,
      fields: ["name", "email", "phone", "address"],
      showPhoneField: true,
      showAddressFields: true,
      showEmailField: true,
    },
    trustBadges: {
      showTrustBadges: true,
      enabled: true,
      badges: ["Free Delivery", "Money Back Guarantee", "Cash on Delivery", "Original Product"],
    },
    urgency: { showCountdown: false, countdownEndDate: null, showStockCount: true, stockCount: 0 },
    styling: { primaryColor: "#0F766E", accentColor: "#FF6B6B", fontFamily: "Poppins" },
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  }
}

export const CONFIRMATION: OrderConfirmationData = {
  orderNumber: "ORD-261122-7KQ4XM",
  orderId: "order_01ABC",
  customerName: "রহিম উদ্দিন",
  customerPhone: "01712345678",
  customerEmail: "",
  customerAddress: "বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা",
  deliveryArea: "outside",
  items: [
    {
      productId: "prod_salwar",
      title: "Cotton Salwar Kameez",
      image: "https://img.example/salwar.jpg",
      price: 2390,
      quantity: 2,
    },
  ],
  productTotal: 4780,
  deliveryCharge: 120,
  totalAmount: 4900,
}
