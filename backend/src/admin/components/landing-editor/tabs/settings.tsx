import { GalleryCard } from "./gallery"
import { MetaPixelCard } from "./meta-pixel"
import { OrderFormCard } from "./order-form"
import type { TabProps } from "./shared"
import { TrustBadgesCard } from "./trust-badges"
import { UrgencyCard } from "./urgency"

/** The Settings tab: the page's smaller sections, one card each. */
export const SettingsTab = (props: TabProps) => (
  <div className="flex flex-col gap-y-3">
    <OrderFormCard {...props} />
    <TrustBadgesCard {...props} />
    <UrgencyCard {...props} />
    <GalleryCard {...props} />
    <MetaPixelCard {...props} />
  </div>
)
