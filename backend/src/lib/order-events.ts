/** A parcel's record changed (its courier's word, a payout, units received back): `{ id }` or `{ ids }`, Medusa order ids. */
export const PARCEL_CHANGED = "shop-order.parcel-changed"
