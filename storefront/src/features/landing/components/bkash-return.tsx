import { useEffect, useState } from "react"
import { goToBkash } from "@/lib/bkash"
import { checkBkashNow, getBkashStatus, loadTrip, payAgain, payInCash } from "@/lib/bkash-status"
import {
  BKASH_OUTCOMES,
  formatMoney,
  PAYMENT_METHOD_LABELS_BN,
  type BkashOutcome,
  type BkashStatus,
} from "@shop/contract"
import { orderErrorMessage } from "../api/create-landing-order"
import { BN } from "../utils/bn"
import { readConfirmation } from "../utils/confirmation"
import { showConfirmation } from "../utils/navigation"
import { OrderConfirmation } from "./order-confirmation"
import { SupportPhoneLink } from "./support"

/** The page's own words (its chunk is loaded only on this page: the landing page's budget stays as it was). */
const TEXT = {
  paidTitle: "বিকাশে পেমেন্ট সম্পন্ন হয়েছে",
  advancePaidTitle: "বিকাশে অগ্রিম ডেলিভারি চার্জ পরিশোধ হয়েছে",
  paidText: "আপনার পেমেন্ট পাওয়া গেছে। অর্ডারটি শীঘ্রই পাঠানো হবে।",
  failedTitle: "বিকাশ পেমেন্ট সম্পন্ন হয়নি",
  cancelledTitle: "বিকাশ পেমেন্ট বাতিল করা হয়েছে",
  tryText: "আপনার অর্ডারটি রাখা আছে। আবার বিকাশে পেমেন্ট করুন, অথবা ক্যাশ অন ডেলিভারি বেছে নিন।",
  tryBkashText: "আপনার অর্ডারটি রাখা আছে। এই অর্ডারের জন্য বিকাশে পেমেন্ট প্রয়োজন: আবার চেষ্টা করুন।",
  refundedTitle: "অর্ডারটি বাতিল হয়েছে, টাকা ফেরত দেওয়া হয়েছে",
  refundedText: "বিকাশে পরিশোধিত টাকা বিকাশেই ফেরত পাঠানো হয়েছে (দোকানের নিয়ম অনুযায়ী)।",
  pendingTitle: "পেমেন্ট যাচাই করা হচ্ছে...",
  pendingText: 'বিকাশের উত্তর আসতে দেরি হচ্ছে। আবার পেমেন্ট করবেন না; একটু পরে "আবার চেষ্টা করুন" চাপুন।',
  expiredTitle: "অর্ডারটি বাতিল হয়েছে",
  expiredText: "নির্ধারিত সময়ের মধ্যে পেমেন্ট না হওয়ায় অর্ডারটি বাতিল হয়েছে। চাইলে আবার অর্ডার করুন।",
  payAgain: "আবার বিকাশে পেমেন্ট করুন",
  payCash: "ক্যাশ অন ডেলিভারিতে নিন",
  actionFailed: "এই মুহূর্তে সম্ভব হয়নি। একটু পরে আবার চেষ্টা করুন।",
} as const

/** `result`: the address's `?result=`, one of the contract's BKASH_OUTCOMES or anything else (then none). */
type Props = { orderId: string; result: string | null }

/**
 * /payment/bkash/{orderId}?result=...: the shopper back from bKash. The
 * order's payment is read from the shop (never from the address): paid shows
 * the confirmation with the payment; failed or cancelled offers bKash again
 * or cash on delivery; pending (bKash could not be asked) offers "check
 * again"; an order cancelled for want of payment says so.
 */
export default function BkashReturn({ orderId, result: said }: Props) {
  const result: BkashOutcome | null = (BKASH_OUTCOMES as readonly string[]).includes(said ?? "")
    ? (said as BkashOutcome)
    : null
  const [status, setStatus] = useState<BkashStatus | null>(null)
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    getBkashStatus(orderId).then(
      (read) => live && setStatus(read),
      () => live && setMissing(true)
    )
    return () => {
      live = false
    }
  }, [orderId])

  const act = (action: () => Promise<void>) => {
    setBusy(true)
    setProblem(null)
    action().catch((error: unknown) => {
      setBusy(false)
      setProblem(orderErrorMessage(error) === BN.orderFailed ? TEXT.actionFailed : orderErrorMessage(error))
    })
  }
  const onPayAgain = () =>
    act(async () => {
      const payment = await payAgain(orderId)
      setBusy(false)
      // bKash could not make a page (its own words are English): said in the page's words, cash still offered
      if (!payment.bkashURL) setProblem(TEXT.actionFailed)
      else goToBkash(orderId, payment)
    })
  const onPayCash = () =>
    act(async () => {
      const answer = await payInCash(orderId)
      setBusy(false)
      if (answer.confirmation) showConfirmation(answer.confirmation)
    })
  const onCheck = () =>
    act(async () => {
      setStatus(await checkBkashNow(orderId))
      setBusy(false)
    })

  if (missing) return <OrderConfirmation order={null} />
  if (!status) {
    return (
      <main className="confirmation" lang="bn">
        <div className="confirmation__card confirmation__card--empty" aria-busy="true">
          <p className="confirmation__text">{BN.loading}</p>
        </div>
      </main>
    )
  }

  const paid = status.state === "paid" || status.state === "advance_paid"
  if (paid) {
    const kept = readConfirmation({ orderData: loadTrip(orderId) })
    const title = status.state === "advance_paid" ? TEXT.advancePaidTitle : TEXT.paidTitle
    // another tab or device: the number and the amounts from the shop (its lines are not shown)
    const order =
      kept ??
      readConfirmation({
        orderData: {
          orderNumber: status.orderNumber,
          productTotal: status.total - status.deliveryCharge,
          deliveryCharge: status.deliveryCharge,
          totalAmount: status.total,
        },
      })
    return (
      <OrderConfirmation
        order={order}
        payment={{ status, title, text: TEXT.paidText, method: PAYMENT_METHOD_LABELS_BN[status.method] }}
      />
    )
  }

  const waiting = status.canPay
  const pending = waiting && status.state === "awaiting" && result !== "failed" && result !== "cancelled"
  const refunded = status.state === "refunded"
  const title = refunded
    ? TEXT.refundedTitle
    : !waiting
      ? TEXT.expiredTitle
      : pending
        ? TEXT.pendingTitle
        : result === "cancelled"
          ? TEXT.cancelledTitle
          : TEXT.failedTitle
  const text = refunded
    ? TEXT.refundedText
    : !waiting
      ? TEXT.expiredText
      : pending
        ? TEXT.pendingText
        : status.canPayCash
          ? TEXT.tryText
          : TEXT.tryBkashText
  return (
    <main className="confirmation" lang="bn">
      <div
        className="confirmation__card confirmation__card--empty"
        data-testid="bkash-return"
        data-state={status.state}
      >
        <h1 className="confirmation__title">{title}</h1>
        <p className="confirmation__number">
          {BN.orderNumber}: <strong data-testid="order-number">{status.orderNumber}</strong>
        </p>
        <p className="confirmation__text">{text}</p>
        {waiting && (
          <dl className="landing-summary">
            <div className="landing-summary__row">
              <dt>{BN.dueNowByBkash}</dt>
              <dd>{formatMoney(status.dueNow)}</dd>
            </div>
            <div className="landing-summary__row">
              <dt>{BN.dueOnDelivery}</dt>
              <dd>{formatMoney(status.dueOnDelivery)}</dd>
            </div>
          </dl>
        )}
        {problem && (
          <p className="confirmation__text" role="alert">
            {problem}
          </p>
        )}
        {waiting && (
          <div className="confirmation__actions">
            {pending ? (
              <button type="button" className="landing-cta" disabled={busy} onClick={onCheck}>
                {BN.retry}
              </button>
            ) : (
              <button type="button" className="landing-cta" disabled={busy} onClick={onPayAgain}>
                {TEXT.payAgain}
              </button>
            )}
            {status.canPayCash && (
              <button type="button" className="landing-cta landing-cta--quiet" disabled={busy} onClick={onPayCash}>
                {TEXT.payCash}
              </button>
            )}
          </div>
        )}
        <p>
          {BN.supportLine}: <SupportPhoneLink />
        </p>
        {!waiting && (
          <a href="/" className="landing-cta">
            {BN.backHome}
          </a>
        )}
      </div>
    </main>
  )
}
