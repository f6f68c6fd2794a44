import { telHref } from "@shop/contract"
import { useSupportPhone } from "../hooks/use-support-phone"

/**
 * "Customer support: <phone>" with a tel: link (SPEC.md section 1, the admin
 * orders context). Inline, so it fits a header's subtitle or a dialog's line;
 * nothing until the phone is known.
 */
export const SupportPhone = ({ className }: { className?: string }) => {
  const { data: phone } = useSupportPhone()
  if (!phone) return null
  return (
    <span className={className} data-testid="support-phone">
      Customer support:{" "}
      <a href={telHref(phone)} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
        {phone}
      </a>
    </span>
  )
}
