import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import { randomUUID } from "crypto"
import type { ReceivedImage } from "../../../../utils/upload"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { buffer, type } = (req as unknown as { image: ReceivedImage }).image
  const { result } = await uploadFilesWorkflow(req.scope).run({
    input: {
      files: [
        {
          // A generated name: the upload cannot choose where it is stored.
          filename: `${randomUUID()}.${type.ext}`,
          mimeType: type.mime,
          content: buffer.toString("base64"),
          access: "public",
        },
      ],
    },
  })
  res.status(201).json({ success: true, message: "Image uploaded successfully", result: { url: result[0].url } })
}
