// The hero gallery's uploads: the same checks and storage as product images.
export { uploadImage as POST } from "#app/api/utils/upload"
