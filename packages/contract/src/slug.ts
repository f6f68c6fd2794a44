/** The longest landing page slug. */
export const MAX_SLUG_LENGTH = 100

/**
 * The spec's slug rule (SPEC.md section 4): lowercase, runs of
 * non-alphanumeric characters become one hyphen, edge hyphens trimmed.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
}

/** What a slug can look like (the rule's output, at most 100 characters; the length is checked first). */
export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_SLUG_LENGTH && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)
}
