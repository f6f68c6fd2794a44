import { useSyncExternalStore } from "react"

/**
 * The shop-wide notices (SPEC 4): only one shows at a time (a new notice
 * replaces the current one), a notice closes by itself after a few seconds or
 * when dismissed, and a dismissed notice is removed after TOAST_REMOVE_DELAY.
 * `toast()` can be called from anywhere (components, mutation callbacks).
 */

export type ToastVariant = "default" | "success" | "destructive"

export type ToastInput = { title: string; description?: string; variant?: ToastVariant }

export type ToastEntry = Required<Pick<ToastInput, "title" | "variant">> & {
  id: number
  description?: string
  open: boolean
}

export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000
/** How long a notice stays open unless dismissed. */
export const TOAST_DURATION = 5_000

let toasts: ToastEntry[] = []
let nextId = 1
const listeners = new Set<() => void>()
const timers = new Map<number, ReturnType<typeof setTimeout>[]>()

function emit(next: ToastEntry[]) {
  toasts = next
  for (const listener of listeners) listener()
}

function clearTimers(id: number) {
  for (const timer of timers.get(id) ?? []) clearTimeout(timer)
  timers.delete(id)
}

function schedule(id: number, ms: number, run: () => void) {
  const timer = setTimeout(run, ms)
  timers.set(id, [...(timers.get(id) ?? []), timer])
}

function remove(id: number) {
  clearTimers(id)
  emit(toasts.filter((entry) => entry.id !== id))
}

/** Closes a notice; it is removed from memory TOAST_REMOVE_DELAY later. */
export function dismissToast(id: number) {
  const entry = toasts.find((t) => t.id === id)
  if (!entry || !entry.open) return
  clearTimers(id)
  schedule(id, TOAST_REMOVE_DELAY, () => remove(id))
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)))
}

/** Shows a notice in place of the current one; returns its id. */
export function toast({ title, description, variant = "default" }: ToastInput): number {
  const id = nextId++
  const entry: ToastEntry = { id, title, variant, open: true, ...(description ? { description } : {}) }
  const next = [entry, ...toasts]
  for (const dropped of next.slice(TOAST_LIMIT)) clearTimers(dropped.id)
  emit(next.slice(0, TOAST_LIMIT))
  schedule(id, TOAST_DURATION, () => dismissToast(id))
  return id
}

/** Tests: forget every notice and timer. */
export function resetToasts() {
  for (const id of [...timers.keys()]) clearTimers(id)
  emit([])
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts
  )
}

export function Toaster() {
  const open = useToasts().filter((entry) => entry.open)
  return (
    <div className="toaster" aria-live="polite">
      {open.map((entry) => (
        <div
          key={entry.id}
          className={`toast toast--${entry.variant}`}
          role={entry.variant === "destructive" ? "alert" : "status"}
          data-testid="toast"
        >
          <div className="toast__text">
            <p className="toast__title">{entry.title}</p>
            {entry.description && <p className="toast__description">{entry.description}</p>}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => dismissToast(entry.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
