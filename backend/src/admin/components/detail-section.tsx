import { Container, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled value of the order details dialog ("—" when empty). */
export const Field = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="flex flex-col gap-y-0.5">
    <Text size="xsmall" className="text-ui-fg-muted uppercase tracking-wide">
      {label}
    </Text>
    <Text size="small" className="break-words" data-testid={testId}>
      {children || "—"}
    </Text>
  </div>
)

/** A titled block of the order details dialog; `aside` sits beside the title (badges). */
export const Section = ({
  title,
  children,
  testId,
  aside,
}: {
  title: string
  children: ReactNode
  testId?: string
  aside?: ReactNode
}) => (
  <Container className="flex flex-col gap-y-3 px-4 py-3" data-testid={testId}>
    <div className="flex flex-wrap items-center gap-2">
      <Heading level="h3">{title}</Heading>
      {aside}
    </div>
    {children}
  </Container>
)
