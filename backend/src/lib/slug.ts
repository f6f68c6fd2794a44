/**
 * The spec's slug rule (SPEC.md section 4): lowercase, runs of non-alphanumeric
 * characters become one hyphen, edge hyphens trimmed. No imports: the admin
 * editor and the server share it.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
}
