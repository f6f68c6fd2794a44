import { useMutation } from "@tanstack/react-query"
import type { MessageAnswer } from "@shop/contract"
import { shopApi } from "../lib/api"

/** Where the storefront signs people in. */
export const LOGIN_PATH = "/auth/login"

/**
 * Ends the session (the shop's and Medusa Admin's are the same cookie), then
 * loads the storefront's login page afresh, leaving no admin state behind.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => shopApi<MessageAnswer>("/api/auth/logout", { headers: { "cache-control": "no-cache" } }),
    onSuccess: () => {
      window.location.assign(LOGIN_PATH)
    },
  })
}
