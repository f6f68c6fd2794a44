import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import ShopOrderModule from "../modules/shop-order"

// Each Medusa order has the shop's extension record.
export default defineLink(OrderModule.linkable.order, ShopOrderModule.linkable.shopOrder)
