import { config, telHref } from "@/lib/config"
import { BN } from "../utils/bn"
import { PhoneIcon } from "./icons"

/** A tel: link to the support line; `floating` is the round button kept in a corner. */
export function SupportPhoneLink({ floating = false }: { floating?: boolean }) {
  const phone = config.supportPhone
  if (floating) {
    return (
      <a className="landing-call" href={telHref(phone)} aria-label={`${BN.callUs} ${phone}`}>
        <PhoneIcon size={26} />
      </a>
    )
  }
  return (
    <a className="landing-phone" href={telHref(phone)}>
      <PhoneIcon size={18} />
      <span>{phone}</span>
    </a>
  )
}

export function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <div>
          <h2 className="landing-footer__title">{BN.deliveryTimes}</h2>
          <ul className="landing-footer__list">
            <li>{BN.deliveryInsideDhaka}</li>
            <li>{BN.deliveryOutsideDhaka}</li>
          </ul>
        </div>
        <div>
          <h2 className="landing-footer__title">{BN.supportLine}</h2>
          <SupportPhoneLink />
        </div>
        <div>
          <h2 className="landing-footer__title">{BN.paymentMethod}</h2>
          <p>{BN.cashOnDelivery}</p>
        </div>
      </div>
      {/* the year is the clock's: a page rendered on the last evening of a year (or kept since) is hydrated in the next */}
      <p className="landing-footer__copy" suppressHydrationWarning>
        © {new Date().getFullYear()} {config.shopName}
      </p>
    </footer>
  )
}
