/**
 * The phone check panel's own labels (its heading, field and buttons). What
 * it says about the check comes from the server (the contract's
 * PHONE_CHECK_BN); these stay in the panel's own chunk, loaded only with a
 * held order's confirmation.
 */
export const PHONE_CHECK_WORDS = {
  title: "আপনার ফোন নম্বর যাচাই করুন",
  codeLabel: "৬ সংখ্যার কোড",
  verify: "যাচাই করুন",
  resend: "নতুন কোড পাঠান",
  resendIn: (seconds: number) => `${seconds} সেকেন্ড পর নতুন কোড চাইতে পারবেন`,
  orCall: "কোড না পেলে চিন্তা করবেন না: আমরা কল করে অর্ডার নিশ্চিত করব।",
} as const
