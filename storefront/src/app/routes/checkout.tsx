import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Button } from "@/components/ui/button"
import { toast } from "@/components/ui/toast"
import { getAddressesQueryOptions } from "@/features/addresses/api/addresses"
import { AddressBook } from "@/features/addresses/components/address-book"
import { CartItems } from "@/features/cart/components/cart-items"
import { useCart } from "@/features/cart/hooks/use-cart"
import { loadGuestAddress, saveGuestAddress } from "@/features/cart/utils/guest-cart"
import { useCreateOrder } from "@/features/checkout/api/create-order"
import { CheckoutBanner } from "@/features/checkout/components/checkout-banner"
import { GuestDeliveryForm } from "@/features/checkout/components/guest-delivery-form"
import { PaymentOptions } from "@/features/checkout/components/payment-options"
import {
  buildCustomerOrder,
  buildGuestOrder,
  EMPTY_GUEST_INFO,
  MESSAGES,
  prefillFromState,
  validateCustomerCheckout,
  validateGuestCheckout,
  type GuestDeliveryInfo,
} from "@/features/checkout/utils/checkout"
import { ordersKeys } from "@/features/orders/api/get-orders"
import { serverMessage } from "@/lib/api-error"
import { useUser } from "@/lib/auth"
import { CASH_ONLY, getPaymentOptions, goToBkash, saveTrip } from "@/lib/bkash"
import { deliveryAreaOf, paymentChoices, type PaymentMethod } from "@shop/contract"

/** Delay between the success notice and the confirmation page (SPEC 9). */
export const REDIRECT_DELAY_MS = 1000

/** The mobile-wallet wording of the checkout button (SPEC 1 and 2.7). */
export const CHECKOUT_LABEL = "Checkout with bKash"

function initialGuestInfo(state: unknown): GuestDeliveryInfo {
  const saved = loadGuestAddress() ?? {}
  const stored: Partial<GuestDeliveryInfo> = {}
  for (const key of Object.keys(EMPTY_GUEST_INFO) as (keyof GuestDeliveryInfo)[]) {
    const value = saved[key]
    if (typeof value === "string") stored[key] = value
  }
  return { ...EMPTY_GUEST_INFO, ...stored, ...prefillFromState(state).info }
}

/** /checkout (SPEC 2.7): address book or guest form, the cart, and the order. */
export function CheckoutRoute() {
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const user = useUser().data ?? null
  const cart = useCart()
  const createOrder = useCreateOrder()

  const [guestInfo, setGuestInfo] = useState<GuestDeliveryInfo>(() => initialGuestInfo(location.state))
  const [landingPageSlug] = useState(() => prefillFromState(location.state).landingPageSlug)
  const [picked, setPicked] = useState<{ _id: string; city: string } | null>(null)
  // a customer's only saved address is the one the order goes to until they pick another
  const saved = useQuery({ ...getAddressesQueryOptions(user?._id ?? ""), enabled: !!user })
  const only = saved.data?.length === 1 ? saved.data[0]! : null
  const address = picked ?? (only ? { _id: only._id, city: only.city } : null)
  const addressId = address?._id ?? null
  const [redirecting, setRedirecting] = useState(false)
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>("cod")
  const paymentOptions = useQuery({ queryKey: ["payment-options"], queryFn: getPaymentOptions, staleTime: 60_000 })
  const timer = useRef<ReturnType<typeof setTimeout>>()

  useEffect(() => () => clearTimeout(timer.current), [])

  function changeGuestInfo(next: GuestDeliveryInfo) {
    setGuestInfo(next)
    // The guest's address object (SPEC 3, guestAddress), with the contact details.
    saveGuestAddress({ ...next, number: next.guestPhone })
  }

  function placeOrder() {
    const now = new Date()
    const problem = user
      ? validateCustomerCheckout(cart.items.length, addressId)
      : validateGuestCheckout(guestInfo, cart.items.length)
    if (problem) {
      toast({ title: problem, variant: "destructive" })
      return
    }
    const built = user
      ? buildCustomerOrder(user._id, cart.cartId, addressId!, cart.items, cart.total, now)
      : buildGuestOrder(guestInfo, cart.items, cart.total, now, landingPageSlug)
    const body = paymentMethod === "cod" ? built : { ...built, paymentMethod }

    createOrder.mutate(body, {
      onSuccess: (response) => {
        toast({ title: MESSAGES.created, variant: "success" })
        if (user) {
          void cart.reload()
          void queryClient.invalidateQueries({ queryKey: ordersKeys.all })
        } else {
          cart.clearGuestCart()
        }
        setRedirecting(true)
        // placed and waiting for bKash: paid on bKash's page, back to the shop's page for the order
        const { payment } = response
        const orderId = response.data?._id
        if (payment && orderId) saveTrip(orderId, response.confirmation)
        timer.current = setTimeout(() => {
          if (payment && orderId) goToBkash(orderId, payment)
          else navigate("/order-confirmation", { state: { orderData: response.confirmation } })
        }, REDIRECT_DELAY_MS)
      },
      onError: (error) => {
        const detail = serverMessage(error, "")
        toast({
          title: MESSAGES.failed,
          ...(detail && detail !== MESSAGES.failed ? { description: detail } : {}),
          variant: "destructive",
        })
      },
    })
  }

  const empty = cart.items.length === 0
  const city = user ? address?.city : guestInfo.city
  const deliveryArea = city?.trim() ? deliveryAreaOf(city) : null
  // the merchant's rules decide the ways to pay (the server holds the same rule); the shopper's choice where allowed
  const choices = paymentChoices(paymentOptions.data ?? CASH_ONLY, deliveryArea ?? "dhaka")
  const paymentMethod = choices.includes(chosenMethod) ? chosenMethod : choices[0]!

  return (
    <div className="checkout">
      <CheckoutBanner />
      <div className="checkout__grid">
        <div className="checkout__left">
          {user ? (
            <section className="checkout-panel" aria-labelledby="delivery-address">
              <h2 id="delivery-address" className="checkout-panel__title">
                Delivery Address
              </h2>
              <AddressBook
                userId={user._id}
                selectedId={addressId}
                onSelect={(chosen) => setPicked(chosen ? { _id: chosen._id, city: chosen.city } : null)}
              />
            </section>
          ) : (
            <GuestDeliveryForm values={guestInfo} onChange={changeGuestInfo} />
          )}
        </div>
        <section className="checkout__right checkout-panel" aria-labelledby="order-summary">
          <h2 id="order-summary" className="checkout-panel__title">
            Your Order
          </h2>
          {/* the delivery line the server will charge, from the address's city (SPEC 4) */}
          <CartItems cart={cart} delivery={deliveryArea} />
          <PaymentOptions
            choices={choices}
            value={paymentMethod}
            onChange={setChosenMethod}
            subtotal={cart.total}
            deliveryArea={deliveryArea}
            disabled={createOrder.isPending || redirecting}
          />
          <Button
            className="checkout__submit"
            disabled={empty || createOrder.isPending || redirecting}
            aria-busy={createOrder.isPending}
            onClick={placeOrder}
          >
            {CHECKOUT_LABEL}
          </Button>
        </section>
      </div>
    </div>
  )
}
