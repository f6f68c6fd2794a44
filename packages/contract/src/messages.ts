/**
 * Words the server answers with and the clients show or check before sending
 * (SPEC.md sections 5 and 8): one wording on both sides.
 */
const bnNumber = (n: number) => n.toLocaleString("bn-BD")

/** The landing order's refusals and answers, in Bengali. */
export const BN_MESSAGES = {
  fillAll: "অনুগ্রহ করে নাম, মোবাইল নম্বর ও ঠিকানা সহ সকল তথ্য পূরণ করুন",
  badPhone: "সঠিক মোবাইল নম্বর দিন (যেমন 01XXXXXXXXX)",
  badEmail: "সঠিক ইমেইল ঠিকানা দিন",
  badQuantity: "পরিমাণ অন্তত ১ হতে হবে",
  orderFailed: "অর্ডার করতে সমস্যা হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন",
  orderPlaced: "আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে",
  wrongProduct: "এই পেজ থেকে শুধু এই পেজের পণ্যটি অর্ডার করা যায়",
  tooLong: (max: number) => `${max} অক্ষরের বেশি লেখা যাবে না`,
  outOfStock: (title: string) => `দুঃখিত, ${title} স্টকে নেই`,
  onlyLeft: (available: number, title: string) => `দুঃখিত, ${title} স্টকে মাত্র ${bnNumber(available)}টি আছে`,
  tooManyOrders: (minutes: number) =>
    `এই নম্বর থেকে অল্প সময়ে অনেকগুলো অর্ডার এসেছে। অনুগ্রহ করে ${bnNumber(minutes)} মিনিট পরে আবার চেষ্টা করুন`,
} as const

/** The shop checkout's refusals (SPEC.md section 5), in English. */
export const CHECKOUT_MESSAGES = {
  emptyCart: "Your cart is empty!",
  fillAll: "Please fill in all delivery information!",
  badEmail: "Please enter a valid email address!",
  badPhone: "Please enter a valid Bangladeshi mobile number (01XXXXXXXXX)!",
} as const

/** A stock refusal in the shop's English (the landing pages use BN_MESSAGES). */
export const STOCK_MESSAGES = {
  outOfStock: (title: string) => `${title} is out of stock`,
  onlyLeft: (available: number, title: string) => `Only ${available} of ${title} left in stock`,
} as const
export type StockMessages = {
  outOfStock: (title: string) => string
  onlyLeft: (available: number, title: string) => string
}

export const LANDING_NOT_FOUND = "Landing page not found"
export const PRODUCT_NOT_FOUND = "Product not found!"
