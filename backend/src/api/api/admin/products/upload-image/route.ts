export { uploadImage as POST } from "../../../../utils/upload"
