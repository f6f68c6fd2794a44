import type { ReactNode } from "react"
import { useNavigate } from "react-router-dom"
import { BRAND_CHOICES, CATEGORY_CHOICES, type BrandId, type CategoryId } from "@shop/contract"
import { saveStoredFilters, type FilterKey } from "../utils/filters"

const stroke = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.6,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const

const CATEGORY_ICONS: Record<CategoryId, ReactNode> = {
  men: <path {...stroke} d="M9 3 4 6l2 4 2-1v12h8V9l2 1 2-4-5-3a3 3 0 0 1-6 0Z" />,
  women: <path {...stroke} d="M9 3h6l-1 5 5 13H5l5-13-1-5Z" />,
  kids: (
    <g {...stroke}>
      <circle cx="12" cy="6" r="3" />
      <path d="M7 21v-6l-2-3 4-2h6l4 2-2 3v6" />
    </g>
  ),
  accessories: <path {...stroke} d="M5 9h14l-1 12H6L5 9Zm4 0V7a3 3 0 0 1 6 0v2" />,
  footwear: <path {...stroke} d="M3 17V8l5 1 3 4 7 1a3 3 0 0 1 3 3v1H3Zm0 0v2h18" />,
}

type TileProps = { label: string; onSelect: () => void; children?: ReactNode; className: string }

function Tile({ label, onSelect, children, className }: TileProps) {
  return (
    <li>
      <button type="button" className={className} onClick={onSelect}>
        {children}
        <span className="tile__label">{label}</span>
      </button>
    </li>
  )
}

/** Stores `{ [key]: [id] }` as the listing's filters (session storage) and opens /shop/list. */
function useOpenListing() {
  const navigate = useNavigate()
  return (key: FilterKey, id: string) => {
    saveStoredFilters({ [key]: [id] })
    navigate("/shop/list")
  }
}

export function CategoryTiles() {
  const open = useOpenListing()
  return (
    <section className="home-section" aria-labelledby="shop-by-category">
      <h2 id="shop-by-category" className="home-section__title">
        Shop by category
      </h2>
      <ul className="tiles tiles--categories">
        {CATEGORY_CHOICES.map((category) => (
          <Tile
            key={category.id}
            label={category.label}
            className="tile"
            onSelect={() => open("category", category.id)}
          >
            <svg className="tile__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
              {CATEGORY_ICONS[category.id]}
            </svg>
          </Tile>
        ))}
      </ul>
    </section>
  )
}

/** Brands a shopper can pick on the home page: all but "No Brand". */
const HOME_BRANDS = BRAND_CHOICES.filter(
  (brand): brand is (typeof BRAND_CHOICES)[number] & { id: Exclude<BrandId, "no-brand"> } => brand.id !== "no-brand"
)

export function BrandTiles() {
  const open = useOpenListing()
  return (
    <section className="home-section" aria-labelledby="shop-by-brand">
      <h2 id="shop-by-brand" className="home-section__title">
        Shop by brand
      </h2>
      <ul className="tiles tiles--brands">
        {HOME_BRANDS.map((brand) => (
          <Tile
            key={brand.id}
            label={brand.label}
            className={`tile tile--brand tile--${brand.id.replace(/[^a-z]/g, "")}`}
            onSelect={() => open("brand", brand.id)}
          />
        ))}
      </ul>
    </section>
  )
}
