import { Button, Input, Label, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { formatDateTime, formatMoney, isCostPrice } from "@shop/contract"
import { useProductCost, useSetProductCost } from "../hooks/use-profit"
import { messageOr } from "../lib/errors"

/**
 * A product's cost price (the Profit screen's goods cost): set from now on,
 * its history kept, so orders placed before keep the cost they had. Saved on
 * its own, apart from the product form.
 */
export const CostPriceField = ({ productId }: { productId: string }) => {
  const cost = useProductCost(productId)
  const save = useSetProductCost(productId)
  const [value, setValue] = useState("")
  const typed = value.trim() === "" ? Number.NaN : Number(value)
  const valid = isCostPrice(typed)

  const onSave = () => {
    if (!valid) return
    save.mutate(typed, {
      onSuccess: (answer) => {
        toast.success(answer.message || "Cost price saved")
        setValue("")
      },
      onError: (error) => toast.error(messageOr(error, "Could not save the cost price")),
    })
  }

  return (
    <div className="flex flex-col gap-y-2 rounded-lg border p-3" data-testid="cost-price">
      <div className="flex items-baseline justify-between gap-x-2">
        <Label htmlFor="product-cost" size="small" weight="plus">
          Cost price
        </Label>
        <Text size="small" className="text-ui-fg-subtle" data-testid="cost-price-current">
          {cost.isPending
            ? "…"
            : cost.data?.current == null
              ? "Not set"
              : `Now ${formatMoney(cost.data.current, { decimals: 2 })}`}
        </Text>
      </div>
      <div className="flex gap-x-2">
        <Input
          id="product-cost"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          placeholder="What one unit costs you"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={value !== "" && !valid}
        />
        <Button
          type="button"
          size="small"
          variant="secondary"
          disabled={!valid}
          isLoading={save.isPending}
          onClick={onSave}
        >
          Save cost
        </Button>
      </div>
      <Text size="xsmall" className="text-ui-fg-muted">
        From now on: orders placed before keep the cost they had.
      </Text>
      {cost.data?.history.length ? (
        <ul className="flex flex-col gap-y-1" aria-label="Cost price history">
          {cost.data.history.slice(0, 5).map((entry) => (
            <li key={entry.from} className="txt-compact-xsmall text-ui-fg-subtle flex justify-between">
              <span>{formatDateTime(entry.from)}</span>
              <span>{formatMoney(entry.cost, { decimals: 2 })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
