import { Input, Textarea } from "@medusajs/ui"
import { useId } from "react"
import { Field, SwitchField } from "../fields"
import { ImageListUpload } from "../image-uploads"
import { Card, patch, type TabProps } from "./shared"

export const HeroTab = ({ state, setState }: TabProps) => {
  const set = patch(setState, "hero")
  const ids = { headline: useId(), sub: useId(), description: useId(), cta: useId() }
  return (
    <Card title="Hero">
      <Field label="Headline" htmlFor={ids.headline}>
        <Input id={ids.headline} value={state.hero.headline} onChange={(e) => set({ headline: e.target.value })} />
      </Field>
      <Field label="Subheadline" htmlFor={ids.sub}>
        <Input id={ids.sub} value={state.hero.subheadline} onChange={(e) => set({ subheadline: e.target.value })} />
      </Field>
      <ImageListUpload
        testId="hero-images"
        label="Hero Images"
        images={state.hero.heroImages}
        onChange={(heroImages) => set({ heroImages })}
      />
      <Field label="Description (how to use)" htmlFor={ids.description}>
        <Textarea
          id={ids.description}
          rows={4}
          value={state.hero.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>
      <Field label="Call-to-action Text" htmlFor={ids.cta}>
        <Input id={ids.cta} value={state.hero.ctaButtonText} onChange={(e) => set({ ctaButtonText: e.target.value })} />
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SwitchField
          label="Show Price"
          description="Show the product's price in the hero"
          checked={state.hero.showPrice}
          onChange={(showPrice) => set({ showPrice })}
        />
        <SwitchField
          label="Show Discount"
          description="Show the percent off when on sale"
          checked={state.hero.showDiscount}
          onChange={(showDiscount) => set({ showDiscount })}
        />
      </div>
    </Card>
  )
}
