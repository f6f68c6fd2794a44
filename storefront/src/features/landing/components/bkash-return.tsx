import { useEffect, useState } from "react"
import { checkBkashNow, getBkashStatus, goToBkash, loadTrip, payAgain, payInCash } from "@/lib/bkash"
import { formatMoney, type BkashOutcome, type BkashStatus } from "@shop/contract"
import { orderErrorMessage } from "../api/create-landing-order"
import { BN } from "../utils/bn"
import { readConfirmation } from "../utils/confirmation"
import { showConfirmation } from "../utils/navigation"
import { OrderConfirmation } from "./order-confirmation"
import { SupportPhoneLink } from "./support"

type Props = { orderId: string; result: BkashOutcome | null }

/**
 * /payment/bkash/{orderId}?result=...: the shopper back from bKash. The
 * order's payment is read from the shop (never from the address): paid shows
 * the confirmation with the payment; failed or cancelled offers bKash again
 * or cash on delivery; pending (bKash could not be asked) offers "check
 * again"; an order cancelled for want of payment says so.
 */
export function BkashReturn({ orderId, result }: Props) {
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
      setProblem(orderErrorMessage(error) === BN.orderFailed ? BN.bkashActionFailed : orderErrorMessage(error))
    })
  }
  const onPayAgain = () =>
    act(async () => {
      const payment = await payAgain(orderId)
      setBusy(false)
      // bKash could not make a page (its own words are English): said in the page's words, cash still offered
      if (!payment.bkashURL) setProblem(BN.bkashActionFailed)
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

  const paid = status.state === "paid" || status.state === "advance_paid" || status.state === "refunded"
  if (paid) {
    const kept = readConfirmation({ orderData: loadTrip(orderId) })
    const title = status.state === "advance_paid" ? BN.bkashAdvancePaidTitle : BN.bkashPaidTitle
    const order = kept ?? {
      ...readConfirmation({ orderData: { orderNumber: status.orderNumber, totalAmount: status.total } })!,
    }
    return <OrderConfirmation order={order} payment={{ status, title }} />
  }

  const waiting = status.canPay
  const pending = waiting && status.state === "awaiting" && result !== "failed" && result !== "cancelled"
  const title = !waiting
    ? BN.bkashExpiredTitle
    : pending
      ? BN.bkashPendingTitle
      : result === "cancelled"
        ? BN.bkashCancelledTitle
        : BN.bkashFailedTitle
  const text = !waiting ? BN.bkashExpiredText : pending ? BN.bkashPendingText : BN.bkashTryText
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
                {BN.bkashPayAgain}
              </button>
            )}
            <button type="button" className="landing-cta landing-cta--quiet" disabled={busy} onClick={onPayCash}>
              {BN.bkashPayCash}
            </button>
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
