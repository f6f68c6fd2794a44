const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

// Specs place many orders and register many customers from one address and
// phone (and make many carts): the abuse limits are lifted here unless a spec sets its own
// (rate-limits.spec.ts does). Login limits keep their defaults.
for (const name of [
  "ORDER_LIMIT_PER_PHONE",
  "ORDER_LIMIT_PER_ADDRESS",
  "REGISTER_LIMIT_PER_ADDRESS",
  "CART_LIMIT_PER_ADDRESS",
  "LINE_ITEM_LIMIT_PER_ADDRESS",
]) {
  process.env[name] ??= "1000000"
}
