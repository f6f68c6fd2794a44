import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"

/**
 * The integrator's change that lets Medusa's Next.js starter take bKash (the
 * shop's `pp_bkash_bkash` payment provider), as a merchant's developer would
 * make it: the starter lists every provider of the region but has a button
 * only for Stripe and Medusa's manual payment, and after completing a cart it
 * always goes to its own confirmation page. Three edits:
 *
 * - `src/lib/constants.tsx`: bKash's title in the starter's map of providers, and `isBkash`;
 * - the payment button: bKash places the order as the manual button does;
 * - `placeOrder`: the shop's completion answers `payment.bkashURL` for an
 *   order that waits for bKash: the shopper is sent there (bKash brings them
 *   back to the shop's callback, which shows the shop's own page for the payment).
 *
 * Each edit is anchored on the starter's text and fails loudly when that text
 * is gone (a newer starter), rather than walking an unchanged button.
 */
export function addBkashToStarter(dir: string) {
  edit(dir, "src/lib/constants.tsx", [
    [
      "  // Add more payment providers here",
      '  pp_bkash_bkash: {\n    title: "bKash",\n    icon: <CreditCard />,\n  },\n  // Add more payment providers here',
    ],
    [
      "export const isManual = ",
      'export const isBkash = (providerId?: string) => {\n  return providerId?.startsWith("pp_bkash_")\n}\n\nexport const isManual = ',
    ],
  ])
  edit(dir, "src/modules/checkout/components/payment-button/index.tsx", [
    ["import { isManual, isStripeLike }", "import { isBkash, isManual, isStripeLike }"],
    [
      "    default:\n      return <Button disabled>",
      "    case isBkash(paymentSession?.provider_id):\n" +
        "      return (\n        <ManualTestPaymentButton notReady={notReady} data-testid={dataTestId} />\n      )\n" +
        "    default:\n      return <Button disabled>",
    ],
  ])
  edit(dir, "src/lib/data/cart.ts", [
    [
      '  if (cartRes?.type === "order") {',
      "  // the shop's answer for an order waiting for bKash: its payment page\n" +
        "  const bkashURL = (cartRes as { payment?: { bkashURL?: string | null } })?.payment?.bkashURL\n" +
        '  if (cartRes?.type === "order" && bkashURL) {\n' +
        "    removeCartId()\n" +
        "    redirect(bkashURL)\n" +
        "  }\n\n" +
        '  if (cartRes?.type === "order") {',
    ],
  ])
}

function edit(dir: string, file: string, changes: [anchor: string, replacement: string][]) {
  const where = path.join(dir, file)
  let text = readFileSync(where, "utf8")
  for (const [anchor, replacement] of changes) {
    if (!text.includes(anchor)) throw new Error(`the starter's ${file} no longer has ${JSON.stringify(anchor)}`)
    text = text.replace(anchor, replacement)
  }
  writeFileSync(where, text)
}
