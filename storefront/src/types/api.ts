/** Entities of the shop's /api contract (SPEC section 3), shared by every feature. */

export type Product = {
  _id: string;
  image: string;
  title: string;
  description: string;
  category: string;
  brand: string;
  price: number;
  /** 0 means no sale. */
  saleprice: number;
  stock: number;
  discount: number;
};

export type User = {
  _id: string;
  id?: string;
  username: string;
  userName?: string;
  name?: string;
  email: string;
  role: 'admin' | 'user' | (string & {});
};

/** One cart line: the product object, the quantity and the line's own id. */
export type CartItem = {
  productId: Product;
  quantity: number;
  _id: string;
};

/** A signed-in shopper's server cart; `_id` is null until the first item is added. */
export type Cart = {
  _id: string | null;
  items: CartItem[];
};

export type AddressFields = {
  address: string;
  city: string;
  pincode: string;
  number: string;
  notes: string;
};

export type Address = AddressFields & {
  _id: string;
  userId?: string;
};

export type OrderStatus = 'pending' | 'completed' | 'cancelled' | 'shipped' | 'delivered' | (string & {});

export type OrderItem = {
  productId: string | null;
  title: string;
  image: string;
  price: number;
  quantity: number;
};

export type Order = {
  _id: string;
  orderNumber?: string | null;
  orderDate: string;
  orderUpdateDate?: string;
  orderStatus: OrderStatus;
  TotalAmount: number;
  isGuest: boolean;
  guestName?: string | null;
  guestEmail?: string | null;
  guestPhone?: string | null;
  userId?: { _id: string; username: string } | null;
  cartId?: string | null;
  cartItems: OrderItem[];
  addressInfo: Partial<AddressFields>[] | { addressId: string };
  landingPageSlug?: string | null;
};

/** What /order-confirmation shows (SPEC 3, "Order confirmation data"). */
export type OrderConfirmation = {
  orderNumber: string;
  orderId: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerAddress: string;
  deliveryArea: string | null;
  items: OrderItem[];
  productTotal: number;
  deliveryCharge: number;
  totalAmount: number;
};
