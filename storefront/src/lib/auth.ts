import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { AuthAnswer, LoginRequest, MessageAnswer, RegisterRequest, User } from "@shop/contract"
import { ensureSuccess, isHttpError } from "./api-error"
import { sdk } from "./sdk"

/**
 * Auth state (SPEC 4), kept as the react-query entry `authKeys.user`:
 * `undefined` while the first check runs, `null` when anonymous, else the user.
 * Every feature reads it through `useUser`, as bulletproof-react's lib/auth does.
 */

export type { User }

export type LoginInput = LoginRequest
export type RegisterInput = RegisterRequest

const NO_CACHE = { "cache-control": "no-cache", pragma: "no-cache" }

export const authKeys = {
  user: ["auth", "user"] as const,
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === "admin"
}

/** The display name of a user (the spec also reads userName or name). */
export function displayName(user: User): string {
  return user.username || user.userName || user.name || user.email
}

/**
 * The first session check, sent as the app starts, while the page's code is
 * still loading (main.tsx): a page that waits for it (a guarded page, the
 * /admin hand-over) saves a round trip. The first check of the app takes its
 * answer if it comes within a few seconds; any later check asks again.
 */
let early: { at: number; answer: Promise<User | null> } | undefined
const EARLY_CHECK_FRESH_MS = 5_000

export function startSessionCheck(): void {
  early ??= { at: Date.now(), answer: askSession() }
}

/** GET /api/auth/check-auth: the signed-in user, or null (a guest's `success: false`, or any rejected call). */
export async function checkAuth(): Promise<User | null> {
  const sent = early
  early = undefined
  if (sent && Date.now() - sent.at <= EARLY_CHECK_FRESH_MS) return sent.answer
  return askSession()
}

async function askSession(): Promise<User | null> {
  try {
    const body = await sdk.client.fetch<AuthAnswer>("/api/auth/check-auth", {
      headers: NO_CACHE,
      cache: "no-store",
    })
    return body.success && body.user ? body.user : null
  } catch {
    return null
  }
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user,
    queryFn: checkAuth,
    staleTime: 5 * 60_000,
  })
}

export function useUser() {
  return useQuery(getUserQueryOptions())
}

export async function login(input: LoginInput): Promise<AuthAnswer> {
  return ensureSuccess(
    await sdk.client.fetch<AuthAnswer>("/api/auth/login", { method: "POST", body: input }),
    "Login failed!"
  )
}

export async function register(input: RegisterInput): Promise<AuthAnswer> {
  return ensureSuccess(
    await sdk.client.fetch<AuthAnswer>("/api/auth/register", { method: "POST", body: input }),
    "Something went wrong!"
  )
}

export async function logout(): Promise<MessageAnswer> {
  return ensureSuccess(
    await sdk.client.fetch<MessageAnswer>("/api/auth/logout", { headers: NO_CACHE, cache: "no-store" }),
    "Logout failed"
  )
}

/**
 * Per-user data of a session must not outlive it: every personal query key
 * carries the user id (cart, addresses, orders), so those entries are dropped.
 */
function forgetUserData(queryClient: ReturnType<typeof useQueryClient>, userId: string | undefined) {
  if (!userId) return
  queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(userId) })
}

/** Success: signed in as returned. Failure (or exception): anonymous. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (body) => {
      queryClient.setQueryData(authKeys.user, body.success && body.user ? body.user : null)
    },
    onError: () => queryClient.setQueryData(authKeys.user, null),
  })
}

/** Register always ends anonymous: the new customer then signs in. */
export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSettled: () => queryClient.setQueryData(authKeys.user, null),
  })
}

/** Success: anonymous. Failure: the user stays signed in. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      const previous = queryClient.getQueryData<User | null>(authKeys.user)
      queryClient.setQueryData(authKeys.user, null)
      forgetUserData(queryClient, previous?._id)
    },
  })
}

/** For messages: an HTTP answer (the server's words) vs. an exception. */
export { isHttpError }
