import { Button } from "@/components/ui/button"
import { Checkbox } from "@/components/ui/checkbox"
import { FILTER_GROUPS, type FilterKey, type ProductFilters } from "../utils/filters"

type ProductFilterProps = {
  filters: ProductFilters
  onToggle: (key: FilterKey, id: string) => void
  onClear: () => void
}

export function ProductFilter({ filters, onToggle, onClear }: ProductFilterProps) {
  const active = Object.values(filters).some((values) => values.length > 0)

  return (
    <div className="product-filter">
      <div className="product-filter__header">
        <h2 className="product-filter__title">Filters</h2>
        {active && (
          <Button variant="ghost" className="btn--small" onClick={onClear}>
            Clear all
          </Button>
        )}
      </div>
      {FILTER_GROUPS.map((group) => {
        const selected: readonly string[] = filters[group.key] ?? []
        return (
          <fieldset key={group.key} className="product-filter__group">
            <legend className="product-filter__legend">{group.label}</legend>
            {group.options.map((option) => (
              <Checkbox
                key={option.id}
                name={group.key}
                value={option.id}
                label={option.label}
                checked={selected.includes(option.id)}
                onChange={() => onToggle(group.key, option.id)}
              />
            ))}
          </fieldset>
        )
      })}
    </div>
  )
}
