import type { EventEmitter } from "node:events"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * Medusa's local event bus runs subscribers without waiting for them: the
 * listeners of `events` are wrapped so a test can wait until every one started
 * so far has finished (`settled`), instead of polling with a timeout.
 */
export function followSubscribers(container: MedusaContainer, events: string[]): { settled: () => Promise<void> } {
  const inFlight = new Set<Promise<unknown>>()
  const bus = container.resolve(Modules.EVENT_BUS) as unknown as { eventEmitter_?: EventEmitter }
  const emitter = bus.eventEmitter_
  if (!emitter) throw new Error("the local event bus changed: no eventEmitter_ to follow its subscribers")
  for (const name of events) {
    const listeners = emitter.listeners(name) as ((data: unknown) => unknown)[]
    if (!listeners.length) throw new Error(`no subscriber listens to ${name}`)
    for (const listener of listeners) {
      emitter.off(name, listener)
      emitter.on(name, (data: unknown) => {
        const running = Promise.resolve(listener(data))
        inFlight.add(running)
        void running.finally(() => inFlight.delete(running))
      })
    }
  }
  return {
    settled: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}
