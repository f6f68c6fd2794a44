import { ProductListing } from '@/features/products/components/product-listing';

export function ProductListRoute() {
  return <ProductListing />;
}
