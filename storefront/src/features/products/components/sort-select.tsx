import { useId } from "react"
import { isSortOption, SORT_CHOICES, type SortOption } from "@shop/contract"

type SortSelectProps = {
  value: SortOption
  onChange: (value: SortOption) => void
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId()
  return (
    <div className="sort-select">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isSortOption(event.target.value)) onChange(event.target.value)
        }}
      >
        {SORT_CHOICES.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
