import { useEffect } from "react"
import { handOverEdits } from "./late-start"

/** Calls `onCommit` once, after the app's first commit (its effects run after its children's). */
export function AfterFirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit])
  return null
}

/**
 * The first commit of an app that takes `root` over late (lib/late-start.ts),
 * for AfterFirstCommit: what the shopper typed or chose in the server's HTML is
 * handed to the app, then `onReady` runs; once.
 */
export function firstCommit(root: HTMLElement, hydrating: boolean, onReady: () => void): () => void {
  let ready = false
  return () => {
    if (ready) return
    ready = true
    if (hydrating) handOverEdits(root)
    // the handed-over values are the form's state only once the render they cause is done (a task
    // later): a tap held until now (lib/late-start.ts) is made again after it, or it would submit
    // the form as rendered, empty
    window.setTimeout(onReady, 0)
  }
}
