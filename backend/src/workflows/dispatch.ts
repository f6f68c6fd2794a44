import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { claimPrintStep, loadPrintOrdersStep } from "./steps/dispatch"

export type PrintOrdersInput = { order_ids: string[]; reprint: boolean }

/**
 * A print of orders' invoices and labels (POST /api/admin/order/print):
 * the orders are marked printed, all or none, and what their papers show is
 * read; the route draws the PDF from it (lib/dispatch-pdf.ts) as it sends it.
 * A failure to read undoes the marks.
 */
export const printOrdersWorkflow = createWorkflow("print-orders", (input: PrintOrdersInput) => {
  claimPrintStep(input)
  const papers = loadPrintOrdersStep(input)
  return new WorkflowResponse(papers)
})
