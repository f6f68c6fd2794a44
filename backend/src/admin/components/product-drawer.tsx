import { XMark } from "@medusajs/icons"
import { Button, Drawer, IconButton, Input, Label, Select, Text, Textarea, toast } from "@medusajs/ui"
import { useState, type FormEvent, type ReactNode } from "react"
import { type Product } from "@shop/contract"
import { useSaveProduct, useUploadProductImage } from "../hooks/use-products"
import { messageOr, serverMessage } from "../lib/errors"
import {
  brandForCategory,
  brandOptions,
  CATEGORY_OPTIONS,
  emptyProductForm,
  isProductFormComplete,
  productToForm,
  type ProductForm,
} from "../lib/products"
import { prepareImage } from "../lib/shrink-image"
import { CostPriceField } from "./cost-price"
import { ImageDropzone } from "./image-dropzone"

const FormField = ({ id, label, children }: { id: string; label: string; children: ReactNode }) => (
  <div className="flex flex-col gap-y-2">
    <Label htmlFor={id} size="small" weight="plus">
      {label}
    </Label>
    {children}
  </div>
)

/** The uploader of the product sheet: drag and drop or click; disabled while editing; a photo over 5 MB is shrunk first. */
const ProductImageUpload = ({
  image,
  editing,
  onChange,
}: {
  image: string
  editing: boolean
  onChange: (url: string) => void
}) => {
  const upload = useUploadProductImage()
  const [uploadingName, setUploadingName] = useState<string | null>(null)

  const onFiles = async ([file]: File[]) => {
    // the spinner shows while a photo over 5 MB is shrunk, too
    setUploadingName(file.name)
    const ready = await prepareImage(file)
    if (!ready.file) {
      toast.error(ready.problem)
      setUploadingName(null)
      return
    }
    upload.mutate(ready.file, {
      onSuccess: ({ url, message }) => {
        onChange(url)
        toast.success(message || "Image uploaded successfully!")
      },
      onError: (error) => toast.error(messageOr(error, "Upload failed")),
      onSettled: () => setUploadingName(null),
    })
  }

  return (
    <div className="flex flex-col gap-y-2">
      <Label size="small" weight="plus">
        Upload Image
      </Label>
      <ImageDropzone
        testId="product-image-upload"
        label="Drag & Drop or click to upload Image"
        hint={editing ? "The image cannot be changed while editing" : "PNG, JPG, WEBP or GIF, up to 5MB"}
        disabled={editing}
        uploadingName={uploadingName}
        onFiles={(files) => void onFiles(files)}
      />
      {image ? (
        <div className="flex items-center gap-x-3 rounded-lg border p-2" data-testid="product-image-preview">
          <img src={image} alt="Product" className="h-16 w-16 rounded-md object-cover" />
          <Text size="small" className="text-ui-fg-subtle min-w-0 flex-1 truncate">
            {image.split("/").pop()}
          </Text>
          {!editing ? (
            <IconButton
              type="button"
              size="small"
              variant="transparent"
              aria-label="Remove image"
              onClick={() => onChange("")}
            >
              <XMark />
            </IconButton>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

type ProductDrawerProps = {
  open: boolean
  /** The product being edited; null adds one. */
  product: Product | null
  /** Changes each time the sheet opens, so every opening starts from a fresh form. */
  session: number
  onClose: () => void
}

/** The right-side sheet: 'Add Product' or 'Edit Product' (SPEC.md sections 2.14, 3, 4). */
export const ProductDrawer = ({ open, product, session, onClose }: ProductDrawerProps) => (
  <Drawer open={open} onOpenChange={(next) => !next && onClose()}>
    <Drawer.Content aria-describedby={undefined}>
      {/* keyed: closing the sheet resets the form and the edited product */}
      <ProductFormBody key={`${session}:${product?._id ?? "new"}`} product={product} onDone={onClose} />
    </Drawer.Content>
  </Drawer>
)

const ProductFormBody = ({ product, onDone }: { product: Product | null; onDone: () => void }) => {
  const editing = Boolean(product)
  const [form, setForm] = useState<ProductForm>(() => (product ? productToForm(product) : emptyProductForm()))
  const save = useSaveProduct()
  const set = (key: keyof ProductForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }))
  const brands = brandOptions(form.category)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isProductFormComplete(form)) return
    save.mutate(
      { id: product?._id ?? null, form },
      {
        onSuccess: (answer) => {
          toast.success(answer.message || (editing ? "Product updated successfully" : "Product added successfully"))
          onDone()
        },
        onError: (error) => toast.error(serverMessage(error) ?? "Something went wrong"),
      }
    )
  }

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
      <Drawer.Header>
        <Drawer.Title>{editing ? "Edit Product" : "Add Product"}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
        <ProductImageUpload image={form.image} editing={editing} onChange={set("image")} />
        <FormField id="product-title" label="Title">
          <Input
            id="product-title"
            placeholder="Enter product title"
            value={form.title}
            onChange={(e) => set("title")(e.target.value)}
          />
        </FormField>
        <FormField id="product-description" label="Description">
          <Textarea
            id="product-description"
            placeholder="Enter product description"
            value={form.description}
            onChange={(e) => set("description")(e.target.value)}
          />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField id="product-category" label="Category">
            <Select
              value={form.category}
              onValueChange={(category) =>
                setForm((f) => ({ ...f, category, brand: brandForCategory(category, f.brand) }))
              }
            >
              <Select.Trigger id="product-category" aria-label="Category">
                <Select.Value placeholder="Select category" />
              </Select.Trigger>
              <Select.Content>
                {CATEGORY_OPTIONS.map((o) => (
                  <Select.Item key={o.value} value={o.value}>
                    {o.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </FormField>
          <FormField id="product-brand" label="Brand">
            <Select value={form.brand} onValueChange={set("brand")} disabled={brands.length === 0}>
              <Select.Trigger id="product-brand" aria-label="Brand">
                <Select.Value placeholder={brands.length ? "Select brand" : "Choose a category first"} />
              </Select.Trigger>
              <Select.Content>
                {brands.map((o) => (
                  <Select.Item key={o.value} value={o.value}>
                    {o.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </FormField>
          <FormField id="product-price" label="Price">
            <Input
              id="product-price"
              type="number"
              min={0}
              step="any"
              placeholder="Enter product price"
              value={form.price}
              onChange={(e) => set("price")(e.target.value)}
            />
          </FormField>
          <FormField id="product-saleprice" label="Sale Price">
            <Input
              id="product-saleprice"
              type="number"
              min={0}
              step="any"
              placeholder="Enter sale price (0 for none)"
              value={form.saleprice}
              onChange={(e) => set("saleprice")(e.target.value)}
            />
          </FormField>
          <FormField id="product-stock" label="Total Stock">
            <Input
              id="product-stock"
              type="number"
              min={0}
              step={1}
              placeholder="Enter total stock"
              value={form.stock}
              onChange={(e) => set("stock")(e.target.value)}
            />
          </FormField>
          <FormField id="product-discount" label="Discount (%)">
            <Input
              id="product-discount"
              type="number"
              min={0}
              max={100}
              step="any"
              placeholder="Enter discount (0-100)"
              value={form.discount}
              onChange={(e) => set("discount")(e.target.value)}
            />
          </FormField>
        </div>
        {product ? <CostPriceField productId={product._id} /> : null}
      </Drawer.Body>
      <Drawer.Footer>
        <Drawer.Close asChild>
          <Button type="button" variant="secondary" size="small">
            Cancel
          </Button>
        </Drawer.Close>
        <Button type="submit" size="small" disabled={!isProductFormComplete(form)} isLoading={save.isPending}>
          {editing ? "Update Product" : "Add Product"}
        </Button>
      </Drawer.Footer>
    </form>
  )
}
