/**
 * Browser storage helpers: JSON in, JSON out, never throwing (storage may be
 * full, disabled, or hold a value written by an older version of the app).
 */

type StorageKind = "local" | "session"

function getStorage(kind: StorageKind): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage
  } catch {
    return null
  }
}

export function readJson(kind: StorageKind, key: string): unknown {
  const raw = getStorage(kind)?.getItem(key)
  if (raw == null) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}

export function writeJson(kind: StorageKind, key: string, value: unknown): void {
  try {
    getStorage(kind)?.setItem(key, JSON.stringify(value))
  } catch {
    // Quota exceeded or storage disabled: the app keeps working without it.
  }
}
