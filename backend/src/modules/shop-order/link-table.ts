/**
 * The table of the order <-> shop order link (src/links/order-shop-order.ts),
 * as Medusa names it. The module writes the link row in the same transaction
 * as the shop record (service.ts recordOrder); the read models join through it.
 */
export const ORDER_LINK_TABLE = "order_order_shoporder_shop_order"
