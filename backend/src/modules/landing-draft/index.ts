import { Module } from "@medusajs/framework/utils"
import LandingDraftModuleService from "./service"

export const LANDING_DRAFT_MODULE = "landingDraft"

export default Module(LANDING_DRAFT_MODULE, {
  service: LandingDraftModuleService,
})
