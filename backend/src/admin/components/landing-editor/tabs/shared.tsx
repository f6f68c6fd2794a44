import { Container, Heading } from "@medusajs/ui"
import type { Dispatch, ReactNode, SetStateAction } from "react"
import type { EditorState } from "#app/admin/lib/landing-pages"

export type TabProps = {
  state: EditorState
  setState: Dispatch<SetStateAction<EditorState>>
}

/** Sets fields of one group of the state. */
export function patch<K extends keyof EditorState>(setState: TabProps["setState"], key: K) {
  return (value: Partial<EditorState[K]>) =>
    setState((s) => ({ ...s, [key]: { ...(s[key] as object), ...(value as object) } as EditorState[K] }))
}

export const Card = ({ title, children }: { title: string; children: ReactNode }) => (
  <Container className="flex flex-col gap-y-4 px-6 py-4">
    <Heading level="h3">{title}</Heading>
    {children}
  </Container>
)
