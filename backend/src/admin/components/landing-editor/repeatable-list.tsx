import { Plus, Trash } from "@medusajs/icons"
import { Button, IconButton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/**
 * A list the merchant grows item by item (the benefits, the testimonials):
 * each item numbered with its remove button and its own fields, an add
 * button under them. Changes go through an updater of the current list, so
 * an item changed after an upload finishes lands on the list as it is then.
 */
export const RepeatableList = <T,>({
  label,
  emptyText,
  testId,
  items,
  setItems,
  newItem,
  children,
}: {
  /** One item's name, capitalised: "Benefit 1", "Remove benefit 1", "Add Benefit". */
  label: string
  emptyText: string
  testId: string
  items: T[]
  setItems: (update: (items: T[]) => T[]) => void
  newItem: () => T
  /** The fields of one item; update merges into that item. */
  children: (item: T, update: (value: Partial<T>) => void) => ReactNode
}) => {
  const update = (index: number) => (value: Partial<T>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...value } : item)))
  return (
    <>
      {items.length === 0 ? (
        <Text size="small" className="text-ui-fg-muted">
          {emptyText}
        </Text>
      ) : null}
      {items.map((item, index) => (
        <div key={index} className="flex flex-col gap-y-2 rounded-lg border p-3" data-testid={testId}>
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              {label} {index + 1}
            </Text>
            <IconButton
              type="button"
              size="small"
              variant="transparent"
              aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
              onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
            >
              <Trash />
            </IconButton>
          </div>
          {children(item, update(index))}
        </div>
      ))}
      <div>
        <Button type="button" size="small" variant="secondary" onClick={() => setItems((list) => [...list, newItem()])}>
          <Plus />
          Add {label}
        </Button>
      </div>
    </>
  )
}
