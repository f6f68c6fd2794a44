import { formatMoney } from "@shop/contract"
import { discountPercent } from "@shop/contract"
import { BN } from "../utils/bn"

type PriceBlockProps = {
  price: number
  unitPrice: number
  showPrice: boolean
  showDiscount: boolean
}

/** The offer price, the struck-out regular price and the percent-off badge. */
export function PriceBlock({ price, unitPrice, showPrice, showDiscount }: PriceBlockProps) {
  const percent = discountPercent(price, unitPrice)
  const discounted = percent > 0
  if (!showPrice && !(showDiscount && discounted)) return null

  return (
    <div className="landing-price" data-testid="landing-price">
      {showPrice && (
        <p className="landing-price__amounts">
          <span className="sr-only">{BN.offerPrice} </span>
          <span className="landing-price__current">{formatMoney(unitPrice)}</span>
          {discounted && (
            <>
              <span className="sr-only"> {BN.regularPrice} </span>
              <s className="landing-price__regular">{formatMoney(price)}</s>
            </>
          )}
        </p>
      )}
      {showDiscount && discounted && (
        <span className="landing-price__badge" data-testid="discount-badge">
          {BN.off(percent)}
        </span>
      )}
    </div>
  )
}
