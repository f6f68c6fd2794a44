import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Plus, Tag } from "@medusajs/icons"
import { Button, Container, Input, Skeleton, Text, toast, usePrompt } from "@medusajs/ui"
import { useMemo, useState } from "react"
import type { Product } from "@shop/contract"
import { Page, PageHeader } from "../../components/page-header"
import { ProductCard } from "../../components/product-card"
import { ProductDrawer } from "../../components/product-drawer"
import { useDeleteProduct, useProductPictures, useProducts } from "../../hooks/use-products"
import { messageOr } from "../../lib/errors"

/** Products (SPEC.md section 2.14): a grid of cards and the add/edit sheet. */
const ShopProductsPage = () => {
  const products = useProducts()
  const pictures = useProductPictures()
  const remove = useDeleteProduct()
  const prompt = usePrompt()
  const [sheet, setSheet] = useState<{ open: boolean; product: Product | null; session: number }>({
    open: false,
    product: null,
    session: 0,
  })
  const [filter, setFilter] = useState("")

  const openSheet = (product: Product | null) => setSheet((s) => ({ open: true, product, session: s.session + 1 }))

  const onDelete = async (product: Product) => {
    const confirmed = await prompt({
      title: "Delete product?",
      description: `"${product.title}" will be removed from the shop. Past orders keep their lines.`,
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    remove.mutate(product._id, {
      onSuccess: () => toast.success("Product deleted successfully"),
      onError: () => toast.error("Failed to delete product"),
    })
  }

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase()
    const list = products.data ?? []
    return needle ? list.filter((p) => p.title.toLowerCase().includes(needle)) : list
  }, [products.data, filter])

  return (
    <Page>
      <PageHeader
        title="Products"
        subtitle={products.data ? `${products.data.length} products` : undefined}
        actions={
          <Button size="small" onClick={() => openSheet(null)}>
            <Plus />
            Add Products
          </Button>
        }
      />
      <Container className="flex items-center justify-between gap-3 px-6 py-3">
        <Input
          type="search"
          size="small"
          placeholder="Filter by title"
          aria-label="Filter products by title"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="max-w-[320px]"
        />
      </Container>
      {products.isPending ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[380px] w-full rounded-lg" />
          ))}
        </div>
      ) : products.isError ? (
        <Container className="px-6 py-4">
          <Text className="text-ui-fg-error">{messageOr(products.error, "Failed to load products")}</Text>
        </Container>
      ) : visible.length === 0 ? (
        <Container className="px-6 py-10 text-center">
          <Text className="text-ui-fg-muted">
            {filter.trim() ? "No products match this filter" : "No products yet"}
          </Text>
        </Container>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
          {visible.map((product) => (
            <ProductCard
              key={product._id}
              product={product}
              picture={pictures[product.image]}
              onEdit={() => openSheet(product)}
              onDelete={() => void onDelete(product)}
              deleting={remove.isPending && remove.variables === product._id}
            />
          ))}
        </div>
      )}
      <ProductDrawer
        open={sheet.open}
        product={sheet.product}
        session={sheet.session}
        onClose={() => setSheet((s) => ({ ...s, open: false }))}
      />
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Shop Products",
  icon: Tag,
  rank: 3,
})

export const handle = {
  breadcrumb: () => "Shop Products",
}

export default ShopProductsPage
