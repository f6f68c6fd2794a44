import { mkdtemp, rm, writeFile } from "fs/promises"
import { tmpdir } from "os"
import path from "path"
import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createLinksWorkflow,
  createLocationFulfillmentSetWorkflow,
  createInventoryLevelsWorkflow,
  createPriceListPricesWorkflow,
  createPriceListsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import {
  BRAND_LABELS,
  BRANDS,
  CATEGORIES,
  CATEGORY_LABELS,
  DELIVERY_AREA_LABELS,
  DELIVERY_CHARGE,
  discountPercent,
  type DeliveryArea,
  STORE_CURRENCY,
} from "@shop/contract"
import { BKASH_PROVIDER_ID } from "../modules/bkash"
import { BRAND_MODULE } from "../modules/brand"
import type BrandModuleService from "../modules/brand/service"
import { LANDING_PAGE_MODULE } from "../modules/landing-page"
import type LandingPageModuleService from "../modules/landing-page/service"
import { invalidateCatalog } from "../read-models/catalog-cache"
import { SALE_PRICE_LIST_TITLE } from "../read-models/products"
import { createBrandsWorkflow } from "../workflows/create-brands"
import { createLandingPageWorkflow } from "../workflows/landing-page"
import { ALL_FORMATS, storePictureWorkflow } from "../workflows/store-pictures"
import { productPicture } from "./png"
import { DEMO_LANDING_PAGE, SEED_PRODUCTS, SEED_REGION_NAME, SeedProduct } from "./seed-data"

export const SHOP_NAME = process.env.SHOP_NAME || "Deshi Bazar"
export const DEFAULT_ADMIN_EMAIL = "admin@shop.local" // same as scripts/lib/start-env.ts
export const DEFAULT_ADMIN_PASSWORD = "admin12345"
const SALES_CHANNEL_NAME = "Default Sales Channel"
const REGION_NAME = SEED_REGION_NAME
const LOCATION_NAME = "Dhaka Warehouse"
const API_KEY_TITLE = "Storefront"
const FULFILLMENT_SET_NAME = "Bangladesh delivery"

async function ensureStoreAndChannel(container: MedusaContainer) {
  const storeService = container.resolve(Modules.STORE)
  const salesChannelService = container.resolve(Modules.SALES_CHANNEL)
  const [store] = await storeService.listStores()
  let [channel] = await salesChannelService.listSalesChannels({ name: SALES_CHANNEL_NAME })
  if (!channel) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: SALES_CHANNEL_NAME }] },
    })
    channel = result[0]
  }
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: SHOP_NAME,
        supported_currencies: [{ currency_code: STORE_CURRENCY, is_default: true }],
        default_sales_channel_id: channel.id,
      },
    },
  })
  return { store, channel }
}

async function ensureRegion(container: MedusaContainer) {
  const regionService = container.resolve(Modules.REGION)
  const [existing] = await regionService.listRegions({ name: REGION_NAME })
  if (existing) {
    return existing
  }
  const { result } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: REGION_NAME,
          currency_code: STORE_CURRENCY,
          countries: ["bd"],
          // cash on delivery, and bKash (listed at /store only while it is set up: src/api/doors/carts.ts)
          payment_providers: ["pp_system_default", BKASH_PROVIDER_ID],
        },
      ],
    },
  })
  const taxService = container.resolve(Modules.TAX)
  const taxRegions = await taxService.listTaxRegions({ country_code: "bd" })
  if (!taxRegions.length) {
    await createTaxRegionsWorkflow(container).run({
      input: [{ country_code: "bd", provider_id: "tp_system" }],
    })
  }
  return result[0]
}

async function ensureLocationAndShipping(
  container: MedusaContainer,
  storeId: string,
  channelId: string,
  regionId: string
) {
  const locationService = container.resolve(Modules.STOCK_LOCATION)
  const fulfillmentService = container.resolve(Modules.FULFILLMENT)
  const [existing] = await locationService.listStockLocations({ name: LOCATION_NAME })
  if (existing) {
    return existing
  }
  const { result } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [{ name: LOCATION_NAME, address: { city: "Dhaka", country_code: "BD", address_1: "" } }],
    },
  })
  const location = result[0]
  await updateStoresWorkflow(container).run({
    input: { selector: { id: storeId }, update: { default_location_id: location.id } },
  })
  await createLinksWorkflow(container).run({
    input: [
      {
        [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
        [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
      },
    ],
  })

  let [profile] = await fulfillmentService.listShippingProfiles({ type: "default" })
  if (!profile) {
    const { result: profiles } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    profile = profiles[0]
  }
  await createLocationFulfillmentSetWorkflow(container).run({
    input: { location_id: location.id, fulfillment_set_data: { name: FULFILLMENT_SET_NAME, type: "shipping" } },
  })
  const [fulfillmentSet] = await fulfillmentService.listFulfillmentSets({ name: FULFILLMENT_SET_NAME })
  const {
    result: [zone],
  } = await createServiceZonesWorkflow(container).run({
    input: {
      data: [
        {
          fulfillment_set_id: fulfillmentSet.id,
          name: "Bangladesh",
          geo_zones: [{ country_code: "bd", type: "country" }],
        },
      ],
    },
  })
  // Cash-on-delivery courier rates of SPEC.md section 9.
  const option = (code: DeliveryArea, description: string) => ({
    name: DELIVERY_AREA_LABELS[code],
    price_type: "flat" as const,
    provider_id: "manual_manual",
    service_zone_id: zone.id,
    shipping_profile_id: profile.id,
    type: { label: DELIVERY_AREA_LABELS[code], description, code },
    prices: [
      { currency_code: STORE_CURRENCY, amount: DELIVERY_CHARGE[code] },
      { region_id: regionId, amount: DELIVERY_CHARGE[code] },
    ],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
      { attribute: "is_return", value: "false", operator: "eq" as const },
    ],
  })
  await createShippingOptionsWorkflow(container).run({
    input: [option("dhaka", "Delivery in 1-2 days"), option("outside", "Delivery in 2-3 days")],
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location.id, add: [channelId] },
  })
  return location
}

/** The storefront's publishable key: Medusa's default one when present, linked to our channel. */
async function ensurePublishableKey(container: MedusaContainer, channelId: string) {
  const apiKeyService = container.resolve(Modules.API_KEY)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const keys = await apiKeyService.listApiKeys({ type: "publishable" }, { order: { created_at: "ASC" } })
  let key = keys.find((k) => !k.revoked_at)
  if (!key) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: API_KEY_TITLE, type: "publishable", created_by: "" }] },
    })
    key = result[0]
  }
  const { data } = await query.graph({
    entity: "api_key",
    fields: ["sales_channels.id"],
    filters: { id: key.id },
  })
  const linked = (data[0]?.sales_channels ?? []).some((c) => c?.id === channelId)
  if (!linked) {
    await linkSalesChannelsToApiKeyWorkflow(container).run({
      input: { id: key.id, add: [channelId] },
    })
  }
  return key
}

async function ensureCategories(container: MedusaContainer): Promise<Map<string, string>> {
  const productService = container.resolve(Modules.PRODUCT)
  const existing = await productService.listProductCategories({ handle: [...CATEGORIES] })
  const missing = CATEGORIES.filter((handle) => !existing.some((c) => c.handle === handle))
  let created: { id: string; handle: string }[] = []
  if (missing.length) {
    const { result } = await createProductCategoriesWorkflow(container).run({
      input: {
        product_categories: missing.map((handle) => ({
          name: CATEGORY_LABELS[handle],
          handle,
          is_active: true,
        })),
      },
    })
    created = result
  }
  return new Map([...existing, ...created].map((c) => [c.handle, c.id]))
}

async function ensureBrands(container: MedusaContainer): Promise<Map<string, string>> {
  const brandService: BrandModuleService = container.resolve(BRAND_MODULE)
  const existing = await brandService.listBrands({ handle: [...BRANDS] })
  const missing = BRANDS.filter((handle) => !existing.some((b) => b.handle === handle))
  let created: { id: string; handle: string }[] = []
  if (missing.length) {
    const { result } = await createBrandsWorkflow(container).run({
      input: { brands: missing.map((handle) => ({ handle, name: BRAND_LABELS[handle] })) },
    })
    created = result
  }
  return new Map([...existing, ...created].map((b) => [b.handle, b.id]))
}

/**
 * A product's picture, made and stored as every upload is (src/workflows/store-pictures.ts):
 * all its variants at once, the seed waits for nothing.
 */
async function uploadPicture(container: MedusaContainer, product: SeedProduct, index: number) {
  const workDir = await mkdtemp(path.join(tmpdir(), `shop-picture-${process.pid}-`))
  try {
    const source = path.join(workDir, `${product.handle}.png`)
    const png = productPicture(index + 1, product.shape)
    await writeFile(source, png)
    const made = await mkdtemp(path.join(workDir, "made-"))
    const { result } = await storePictureWorkflow(container).run({
      input: { source, sourceBytes: png.length, workDir: made, formats: ALL_FORMATS },
    })
    return result.url
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

async function ensureProducts(
  container: MedusaContainer,
  ids: { channelId: string; locationId: string; categories: Map<string, string>; brands: Map<string, string> }
) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const productService = container.resolve(Modules.PRODUCT)
  const fulfillmentService = container.resolve(Modules.FULFILLMENT)
  const [profile] = await fulfillmentService.listShippingProfiles({ type: "default" })
  const existing = await productService.listProducts(
    { handle: SEED_PRODUCTS.map((p) => p.handle) },
    { select: ["handle"] }
  )
  const have = new Set(existing.map((p) => p.handle))
  const missing = SEED_PRODUCTS.filter((p) => !have.has(p.handle))
  if (!missing.length) {
    return
  }
  logger.info(`Seeding ${missing.length} products...`)

  const images = new Map<string, string>()
  for (const product of missing) {
    images.set(product.handle, await uploadPicture(container, product, SEED_PRODUCTS.indexOf(product)))
  }

  // One run per brand: the brand link is made by the productsCreated hook.
  const created: { handle: string; variantId: string }[] = []
  for (const brand of BRANDS) {
    const group = missing.filter((p) => p.brand === brand)
    if (!group.length) {
      continue
    }
    const { result } = await createProductsWorkflow(container).run({
      input: {
        products: group.map((p) => ({
          title: p.title,
          handle: p.handle,
          description: p.description,
          status: ProductStatus.PUBLISHED,
          thumbnail: images.get(p.handle),
          images: [{ url: images.get(p.handle)! }],
          category_ids: [ids.categories.get(p.category)!],
          shipping_profile_id: profile.id,
          sales_channels: [{ id: ids.channelId }],
          metadata: { discount: discountPercent(p.price, p.saleprice) },
          options: [{ title: "Default", values: ["Default"] }],
          variants: [
            {
              title: "Default",
              sku: p.handle,
              manage_inventory: true,
              options: { Default: "Default" },
              prices: [{ amount: p.price, currency_code: STORE_CURRENCY }],
            },
          ],
        })),
        additional_data: { brand_id: ids.brands.get(brand) },
      },
    })
    for (const product of result) {
      created.push({ handle: product.handle, variantId: product.variants[0].id })
    }
  }

  // Stock at the default location.
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: variants } = await query.graph({
    entity: "variant",
    fields: ["id", "sku", "inventory_items.inventory_item_id"],
    filters: { id: created.map((c) => c.variantId) },
  })
  const bySku = new Map(SEED_PRODUCTS.map((p) => [p.handle, p]))
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: variants.map((v) => ({
        location_id: ids.locationId,
        inventory_item_id: v.inventory_items![0]!.inventory_item_id,
        stocked_quantity: bySku.get(v.sku!)!.stock,
      })),
    },
  })

  // Sale prices live in one active price list of type "sale".
  const salePrices = created
    .map((c) => ({ c, p: bySku.get(c.handle)! }))
    .filter(({ p }) => p.saleprice > 0)
    .map(({ c, p }) => ({ variant_id: c.variantId, amount: p.saleprice, currency_code: STORE_CURRENCY }))
  if (salePrices.length) {
    await addSalePrices(container, salePrices)
  }
}

async function addSalePrices(
  container: MedusaContainer,
  prices: { variant_id: string; amount: number; currency_code: string }[]
) {
  const pricingService = container.resolve(Modules.PRICING)
  const lists = await pricingService.listPriceLists({ q: SALE_PRICE_LIST_TITLE })
  const list = lists.find((l) => l.title === SALE_PRICE_LIST_TITLE)
  if (list) {
    await createPriceListPricesWorkflow(container).run({
      input: { data: [{ id: list.id, prices }] },
    })
    return
  }
  await createPriceListsWorkflow(container).run({
    input: {
      price_lists_data: [
        {
          title: SALE_PRICE_LIST_TITLE,
          description: "Sale prices shown as saleprice in the shop",
          status: "active",
          prices,
        },
      ],
    },
  })
}

async function ensureAdmin(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const email = process.env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL
  const password = process.env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD
  const userService = container.resolve(Modules.USER)
  const [user] = await userService.listUsers({ email })
  if (user) {
    return
  }
  const authService = container.resolve(Modules.AUTH)
  const { authIdentity, error } = await authService.register("emailpass", {
    body: { email, password },
  })
  if (error || !authIdentity) {
    throw new Error(`Could not create the admin login: ${error}`)
  }
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: authIdentity.id, userData: { email, first_name: "Shop", last_name: "Admin" } },
  })
  logger.info(`Created admin user ${email}`)
}

/** The Bengali demo landing page, unless a page already has its slug. */
async function ensureDemoLandingPage(container: MedusaContainer) {
  const pages = container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)
  const [existing] = await pages.listLandingPages({ slug: DEMO_LANDING_PAGE.slug }, { take: 1, withDeleted: false })
  if (existing) return
  const [product] = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ handle: DEMO_LANDING_PAGE.productHandle }, { select: ["id", "thumbnail"] })
  if (!product) return
  const picture = product.thumbnail ?? ""
  const { groups } = DEMO_LANDING_PAGE
  await createLandingPageWorkflow(container).run({
    input: {
      title: DEMO_LANDING_PAGE.title,
      slug: DEMO_LANDING_PAGE.slug,
      product_id: product.id,
      is_active: DEMO_LANDING_PAGE.isActive,
      groups: {
        ...groups,
        hero: { ...groups.hero, heroImage: picture, heroImages: picture ? [picture] : [] },
        gallery: { ...groups.gallery, images: picture ? [picture] : [] },
      },
    },
  })
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`Created the demo landing page /landing/${DEMO_LANDING_PAGE.slug}`)
}

/**
 * Medusa Admin's sidebar leads the merchant to one Orders and one Products
 * screen, the shop's (Shop Orders, Shop Products): the native entries are
 * hidden for everyone through Medusa's own layout settings (what "Customize
 * sidebar" > "Save for everyone" stores). Their pages stay reachable and
 * truthful (src/api/doors/admin-orders.ts). A layout the merchant saved is kept.
 */
export const HIDDEN_NATIVE_NAV = ["core:nav:/orders", "core:nav:/products"]

async function ensureAdminSidebar(container: MedusaContainer) {
  const settings = container.resolve(Modules.SETTINGS)
  if (await settings.getSystemDefaultLayoutConfiguration("sidebar")) return
  await settings.setSystemDefaultLayoutConfiguration("sidebar", {
    widgets: Object.fromEntries(HIDDEN_NATIVE_NAV.map((id) => [id, { hidden: true }])),
  })
}

/** Idempotent: every part is looked up first and only what is missing is created. */
export default async function seed({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { store, channel } = await ensureStoreAndChannel(container)
  const region = await ensureRegion(container)
  const location = await ensureLocationAndShipping(container, store.id, channel.id, region.id)
  await ensurePublishableKey(container, channel.id)
  const categories = await ensureCategories(container)
  const brands = await ensureBrands(container)
  await ensureProducts(container, {
    channelId: channel.id,
    locationId: location.id,
    categories,
    brands,
  })
  // a server in this process (tests) reads the seeded catalog afresh
  invalidateCatalog()
  await ensureDemoLandingPage(container)
  await ensureAdmin(container)
  await ensureAdminSidebar(container)
  logger.info("Seed complete.")
}
