import { Input, Textarea } from "@medusajs/ui"
import { SingleImageUpload } from "../image-uploads"
import { RepeatableList } from "../repeatable-list"
import { Card, type TabProps } from "./shared"

export const TestimonialsTab = ({ state, setState }: TabProps) => (
  <Card title="Testimonials">
    <RepeatableList
      label="Testimonial"
      emptyText="No testimonials yet."
      testId="testimonial"
      items={state.testimonials}
      setItems={(update) => setState((s) => ({ ...s, testimonials: update(s.testimonials) }))}
      newItem={() => ({ name: "", rating: 5, comment: "", image: "" })}
    >
      {(t, update) => (
        <>
          <div className="grid grid-cols-[1fr_100px] gap-2">
            <Input
              aria-label="Name"
              placeholder="Name"
              value={t.name}
              onChange={(e) => update({ name: e.target.value })}
            />
            <Input
              aria-label="Rating"
              type="number"
              min={1}
              max={5}
              step={1}
              value={String(t.rating)}
              onChange={(e) => update({ rating: Number(e.target.value) })}
            />
          </div>
          <Textarea
            aria-label="Comment"
            placeholder="Comment"
            value={t.comment}
            onChange={(e) => update({ comment: e.target.value })}
          />
          <SingleImageUpload label="Photo" value={t.image} onChange={(image) => update({ image })} />
        </>
      )}
    </RepeatableList>
  </Card>
)
