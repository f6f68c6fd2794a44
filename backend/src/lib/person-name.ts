/** "Rupa Akter" -> first "Rupa", last "Akter" (as the order's addresses split it). */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first, ...rest] = name.trim().split(/\s+/)
  return { first_name: first ?? "", last_name: rest.join(" ") }
}
