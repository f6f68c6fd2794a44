import { Badge, Text } from "@medusajs/ui"
import type { MetaPurchaseView } from "@shop/contract"
import { META_STATE_COLORS, metaPurchaseLine, metaStateLabel } from "../lib/meta"
import { Section } from "./detail-section"

/**
 * The order dialog's Meta Purchase: not sent, sent at, failed with
 * the reason and the next try, given up with the reason. Only orders from a
 * landing page with a pixel have one.
 */
export const MetaPurchaseSection = ({ view }: { view: MetaPurchaseView }) => (
  <Section
    title="Meta Purchase"
    testId="meta-purchase"
    aside={
      <Badge
        size="2xsmall"
        color={META_STATE_COLORS[view.state]}
        data-testid="meta-purchase-state"
        data-state={view.state}
      >
        {metaStateLabel(view.state)}
      </Badge>
    }
  >
    <Text size="small" className="break-words" data-testid="meta-purchase-line">
      Meta Purchase: {metaPurchaseLine(view)}
    </Text>
    <Text size="xsmall" className="text-ui-fg-muted">
      Pixel {view.pixelId}
      {view.attempts ? ` · ${view.attempts} attempt${view.attempts === 1 ? "" : "s"}` : ""} · browser id{" "}
      {view.tracking.browserId ? "kept" : "none"} · ad click {view.tracking.clickId ? "kept" : "none"}
    </Text>
  </Section>
)
