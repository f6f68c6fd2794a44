import { useId, type KeyboardEvent, type ReactNode } from "react"

export type TabItem<T extends string> = { id: T; label: string; content: ReactNode }

type TabsProps<T extends string> = {
  label: string
  tabs: readonly TabItem<T>[]
  value: T
  onChange: (value: T) => void
}

/** WAI-ARIA tabs: arrow keys move between tabs, only the active panel is rendered. */
export function Tabs<T extends string>({ label, tabs, value, onChange }: TabsProps<T>) {
  const baseId = useId()

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === value)
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0
    if (!step || index < 0) return
    event.preventDefault()
    const next = tabs[(index + step + tabs.length) % tabs.length]!
    onChange(next.id)
    document.getElementById(`${baseId}-tab-${next.id}`)?.focus()
  }

  const active = tabs.find((tab) => tab.id === value) ?? tabs[0]

  return (
    <div className="tabs">
      {/* WAI-ARIA's tabs pattern: the tabs take focus (roving tabindex); the list only hears their arrow keys */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active?.id
          return (
            <button
              key={tab.id}
              id={`${baseId}-tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className={selected ? "tabs__tab is-active" : "tabs__tab"}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          className="tabs__panel"
          tabIndex={0}
        >
          {active.content}
        </div>
      )}
    </div>
  )
}
