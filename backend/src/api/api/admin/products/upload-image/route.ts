export { uploadImage as POST } from "#app/api/utils/upload"
