import { defineLink } from "@medusajs/framework/utils"
import ProductModule from "@medusajs/medusa/product"
import LandingPageModule from "../modules/landing-page"

// Each landing page sells one product; the page keeps the product's id.
export default defineLink(
  { linkable: LandingPageModule.linkable.landingPage, field: "product_id" },
  ProductModule.linkable.product,
  { readOnly: true }
)
