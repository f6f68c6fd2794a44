import type { PaymentMethod } from "./payment"

/** The ways to pay as the Bengali order form names them (a file of their own: loaded with the form's ways to pay, not with the page). */
export const PAYMENT_METHOD_LABELS_BN: Record<PaymentMethod, string> = {
  cod: "ক্যাশ অন ডেলিভারি",
  bkash_full: "বিকাশে সম্পূর্ণ পেমেন্ট",
  bkash_advance: "বিকাশে অগ্রিম ডেলিভারি চার্জ, বাকি টাকা ডেলিভারিতে",
}
