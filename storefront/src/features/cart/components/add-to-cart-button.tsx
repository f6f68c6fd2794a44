import { useState } from "react"
import { usePictures } from "@/components/picture"
import { Button } from "@/components/ui/button"
import type { Product } from "@shop/contract"
import { useAddToCartAction } from "../hooks/use-cart"

type AddToCartButtonProps = {
  product: Product
  className?: string
}

/** 'Add to Cart', or a disabled 'Out of Stock' when stock is 0 or less (SPEC 2.6, 5). */
export function AddToCartButton({ product, className }: AddToCartButtonProps) {
  const addToCart = useAddToCartAction()
  const pictures = usePictures()
  const [adding, setAdding] = useState(false)
  const outOfStock = product.stock <= 0

  return (
    <Button
      className={className}
      disabled={outOfStock || adding}
      onClick={async () => {
        setAdding(true)
        try {
          await addToCart(product, pictures[product.image])
        } finally {
          setAdding(false)
        }
      }}
    >
      {outOfStock ? "Out of Stock" : "Add to Cart"}
    </Button>
  )
}
