/** `sizes` of the shop's pictures (see lib/pictures.ts): their CSS width at each breakpoint (styles.css). */

/**
 * /shop/list's cards: .shop-main (max 1280px, 1rem padding), from 768px the
 * 200px filter column and a 1.5rem gap, the grid's 1 / 2 / 3 / 4 columns
 * (640, 1024, 1280px) with 1rem gaps.
 */
export const LISTING_CARD_SIZES =
  "(min-width:1280px) 244px,(min-width:1024px) calc((100vw - 288px) / 3),(min-width:768px) calc((100vw - 272px) / 2),(min-width:640px) calc((100vw - 48px) / 2),calc(100vw - 32px)"
/** Home's featured cards: the same grid without the filter column. */
export const HOME_CARD_SIZES =
  "(min-width:1280px) 300px,(min-width:1024px) calc((100vw - 64px) / 3),(min-width:640px) calc((100vw - 48px) / 2),calc(100vw - 32px)"
/** The product page's picture: the page's full width, from 900px half of it (a 2rem gap). */
export const PRODUCT_PAGE_SIZES = "(min-width:900px) calc((min(100vw,1280px) - 64px) / 2),calc(100vw - 32px)"
