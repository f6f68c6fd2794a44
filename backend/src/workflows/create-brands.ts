import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createBrandsStep, CreateBrandsStepInput } from "./steps/create-brands"

export const createBrandsWorkflow = createWorkflow("create-brands", (input: { brands: CreateBrandsStepInput }) => {
  const brands = createBrandsStep(input.brands)
  return new WorkflowResponse(brands)
})
