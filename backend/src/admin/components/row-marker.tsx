import { useLayoutEffect, useRef } from "react"

/**
 * Gives the DataTable row it is drawn in a data-testid and one data-*
 * attribute. DataTable draws its own <tr> and takes no props for it, while
 * the browser tests find a row by these and then the buttons in its other
 * cells, so a wrapper inside one cell would not do.
 */
export const RowMarker = ({ testId, name, value }: { testId: string; name: string; value: string }) => {
  const ref = useRef<HTMLSpanElement>(null)
  useLayoutEffect(() => {
    const row = ref.current?.closest("tr")
    if (!row) return
    row.setAttribute("data-testid", testId)
    row.setAttribute(`data-${name}`, value)
    return () => {
      row.removeAttribute("data-testid")
      row.removeAttribute(`data-${name}`)
    }
  }, [testId, name, value])
  return <span ref={ref} hidden />
}
