import { formatMoney, type BkashStatus } from "@shop/contract"
import { BN } from "../utils/bn"

/** The order's bKash payment as the shopper reads it: what was paid, its transaction, what is left for the courier. */
export function BkashPaidLines({ status }: { status: BkashStatus }) {
  return (
    <dl className="landing-summary" data-testid="bkash-paid">
      <div className="landing-summary__row">
        <dt>{BN.bkashPaidAmount}</dt>
        <dd>{formatMoney(status.paid)}</dd>
      </div>
      {status.trxId && (
        <div className="landing-summary__row">
          <dt>{BN.bkashTrxId}</dt>
          <dd data-testid="bkash-trx">{status.trxId}</dd>
        </div>
      )}
      <div className="landing-summary__row">
        <dt>{BN.dueOnDelivery}</dt>
        <dd data-testid="bkash-due-on-delivery">{formatMoney(Math.max(0, status.total - status.paid))}</dd>
      </div>
    </dl>
  )
}
