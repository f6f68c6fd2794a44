import { Input, Text } from "@medusajs/ui"
import { useId } from "react"
import { useMetaSettings } from "#app/admin/hooks/use-meta"
import { metaPixelProblem } from "#app/admin/lib/meta"
import { Field } from "../fields"
import { Card, type TabProps } from "./shared"

/**
 * The page's Meta pixel: the page loads it and sends PageView and,
 * on an order, Lead; the server sends Purchase once the order is confirmed.
 */
export const MetaPixelCard = ({ state, setState }: TabProps) => {
  const id = useId()
  const errorId = useId()
  const settings = useMetaSettings()
  const problem = metaPixelProblem(state.metaPixelId)
  const fallback = settings.data?.defaultPixelId
  return (
    <Card title="Meta Pixel">
      <Field
        label="Meta Pixel ID"
        htmlFor={id}
        hint={
          <>
            The page loads this pixel (PageView, and Lead when an order is sent); the shop sends the Purchase itself
            once the order is {settings.data?.purchaseOn === "delivered" ? "delivered" : "confirmed"}, never for fake or
            cancelled orders.{" "}
            {fallback ? `Empty: the shop's pixel ${fallback}.` : "Empty: no pixel (the shop has no META_PIXEL_ID)."}
            {settings.data && !settings.data.tokenSet ? " Purchases wait until META_CAPI_TOKEN is set." : ""}
          </>
        }
      >
        <Input
          id={id}
          inputMode="numeric"
          placeholder={fallback ?? "e.g. 1234567890123456"}
          value={state.metaPixelId}
          onChange={(e) => setState((s) => ({ ...s, metaPixelId: e.target.value }))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className="font-mono"
        />
        {problem ? (
          <Text id={errorId} size="xsmall" className="text-ui-fg-error" data-testid="meta-pixel-error">
            {problem}
          </Text>
        ) : null}
      </Field>
    </Card>
  )
}
