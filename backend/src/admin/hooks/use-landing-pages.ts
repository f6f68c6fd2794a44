import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { LandingPageAnswer, LandingPagesAnswer, MessageAnswer } from "@shop/contract"
import { adminKeys, shopApi, uploadImage } from "../lib/api"
import { editorPayload, type EditorState } from "../lib/landing-pages"

export function useLandingPages() {
  return useQuery({
    queryKey: adminKeys.landingPageList(),
    queryFn: async () => (await shopApi<LandingPagesAnswer>("/api/admin/landing-pages")).data ?? [],
  })
}

export function useLandingPage(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.landingPageDetail(id ?? ""),
    queryFn: async () => (await shopApi<LandingPageAnswer>(`/api/admin/landing-pages/${encodeURIComponent(id!)}`)).data,
    enabled: Boolean(id),
    // a page that is not there stays not there
    retry: false,
    // the editor holds its own copy; do not re-read it under the merchant's typing
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  })
}

function useInvalidateLandingPages() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.landingPages() })
}

/** Creates a page (no id) or saves an existing one. */
export function useSaveLandingPage() {
  const invalidate = useInvalidateLandingPages()
  return useMutation({
    mutationFn: ({ id, state }: { id: string | null; state: EditorState }) =>
      id
        ? shopApi<LandingPageAnswer & MessageAnswer>(`/api/admin/landing-pages/${encodeURIComponent(id)}`, {
            method: "PUT",
            body: editorPayload(state),
          })
        : shopApi<LandingPageAnswer & MessageAnswer>("/api/admin/landing-pages/create", {
            method: "POST",
            body: editorPayload(state),
          }),
    onSuccess: invalidate,
  })
}

export function useToggleLandingPage() {
  const invalidate = useInvalidateLandingPages()
  return useMutation({
    mutationFn: (id: string) =>
      shopApi<LandingPageAnswer & MessageAnswer>(`/api/admin/landing-pages/${encodeURIComponent(id)}/toggle`, {
        method: "PATCH",
      }),
    onSuccess: invalidate,
  })
}

export function useDeleteLandingPage() {
  const invalidate = useInvalidateLandingPages()
  return useMutation({
    mutationFn: (id: string) =>
      shopApi<MessageAnswer>(`/api/admin/landing-pages/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  })
}

export function uploadLandingImage(file: File) {
  return uploadImage("/api/admin/landing-pages/upload-image", file)
}
