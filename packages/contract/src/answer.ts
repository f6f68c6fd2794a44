/**
 * The envelope every /api answer shares. In a file of its own so that each
 * part of the contract (couriers, the guard, Meta...) declares its routes'
 * answers next to its entities without an import cycle through api.ts.
 */

/** Every answer: `success`, and a message to show when there is one. */
export type ApiAnswer = { success: boolean; message?: string }

/** An answer that always says what was done ("Rules saved", "Address added successfully"): the screens show it. */
export type MessageAnswer = ApiAnswer & { message: string }

/** An answer carrying `data`. */
export type DataAnswer<T> = ApiAnswer & { data: T }
