import { Container, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

type StatCardProps = {
  title: string
  value: ReactNode
  hint?: ReactNode
  icon?: ReactNode
  testId?: string
}

/** A figure with its title and a line under it. */
export const StatCard = ({ title, value, hint, icon, testId }: StatCardProps) => (
  <Container className="flex flex-col gap-y-2 px-6 py-4" data-testid={testId} role="group" aria-label={title}>
    <div className="flex items-center justify-between gap-x-2">
      <Text size="small" weight="plus" className="text-ui-fg-subtle">
        {title}
      </Text>
      {icon ? <span className="text-ui-fg-muted">{icon}</span> : null}
    </div>
    <Heading level="h2" className="text-2xl" data-testid={testId ? `${testId}-value` : undefined}>
      {value}
    </Heading>
    {hint ? (
      <Text size="small" className="text-ui-fg-muted">
        {hint}
      </Text>
    ) : null}
  </Container>
)
