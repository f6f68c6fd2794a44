import type { ReactNode } from "react"

export type Banner = {
  id: string
  eyebrow: string
  title: string
  text: string
  /** Where the banner's button leads. */
  to: string
  cta: string
  art: ReactNode
}

const line = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 3,
  strokeLinejoin: "round",
  strokeLinecap: "round",
} as const

/** The five home banners, drawn in SVG and CSS (no external images). */
export const BANNERS: readonly Banner[] = [
  {
    id: "eid",
    eyebrow: "Eid Collection",
    title: "Dressed for every celebration",
    text: "Panjabi, kurta and salwar kameez for the whole family.",
    to: "/shop/list",
    cta: "Shop the collection",
    art: (
      <g {...line}>
        <path d="M60 20a40 40 0 1 0 40 52A32 32 0 1 1 60 20Z" />
        <path d="M120 30l4 10 10 4-10 4-4 10-4-10-10-4 10-4Z" />
      </g>
    ),
  },
  {
    id: "footwear",
    eyebrow: "New Season Footwear",
    title: "Step into comfort",
    text: "Sneakers, sandals and chappals from Nike, Adidas and Puma.",
    to: "/shop/list?category=footwear&sortBy=price-lowtohigh",
    cta: "Shop footwear",
    art: <path {...line} d="M20 100V50l28 6 16 22 40 6a18 18 0 0 1 18 18v4H20Zm0 0v10h102" />,
  },
  {
    id: "sale",
    eyebrow: "Limited Time",
    title: "Big savings on top brands",
    text: "Sale prices on polos, dresses, jackets and more.",
    to: "/shop/list",
    cta: "See the deals",
    art: (
      <g {...line}>
        <path d="M30 70 70 30h40v40l-40 40Z" />
        <circle cx="96" cy="44" r="6" />
      </g>
    ),
  },
  {
    id: "kids",
    eyebrow: "Kids' Corner",
    title: "Play all day",
    text: "Hoodies, tees and track suits made for little adventurers.",
    to: "/shop/list?category=kids&sortBy=price-lowtohigh",
    cta: "Shop kids",
    art: (
      <g {...line}>
        <circle cx="70" cy="36" r="16" />
        <path d="M40 120V86l-12-16 24-12h36l24 12-12 16v34" />
      </g>
    ),
  },
  {
    id: "cod",
    eyebrow: "Cash on Delivery",
    title: "Pay when it arrives",
    text: "Delivery all over Bangladesh, with easy returns and exchange.",
    to: "/shop/list",
    cta: "Start shopping",
    art: (
      <g {...line}>
        <path d="M14 40h70v50H14Zm70 16h24l16 18v16H84" />
        <circle cx="36" cy="96" r="10" />
        <circle cx="104" cy="96" r="10" />
      </g>
    ),
  },
]
