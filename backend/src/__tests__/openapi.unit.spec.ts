import { readdirSync, readFileSync, statSync } from "fs"
import path from "path"
import { OPERATIONS, openApiDocument } from "../api/openapi"

/** Every (method, path) the route files under src/api/api export. */
function routesOnDisk(): string[] {
  const root = path.join(__dirname, "..", "api", "api")
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) {
        walk(file)
      } else if (name === "route.ts") {
        const rel = path
          .relative(root, dir)
          .split(path.sep)
          .map((s) => s.replace(/^\[(\w+)\]$/, "{$1}"))
        const apiPath = `/api/${rel.join("/")}`
        // `export async function POST` or a re-export `export { handler as POST }`
        const verbs =
          /export (?:async function (GET|POST|PUT|DELETE|PATCH)\b|\{[^}]*\bas (GET|POST|PUT|DELETE|PATCH) *\})/g
        for (const m of readFileSync(file, "utf8").matchAll(verbs)) {
          found.push(`${(m[1] ?? m[2]).toLowerCase()} ${apiPath}`)
        }
      }
    }
  }
  walk(root)
  return found.sort()
}

describe("the OpenAPI description", () => {
  it("describes exactly the routes that exist", () => {
    const described = OPERATIONS.map((o) => `${o.method} ${o.path}`).sort()
    expect(described).toEqual(routesOnDisk())
  })

  it("is OpenAPI 3.1 with request bodies generated from the validators", () => {
    const doc = openApiDocument() as {
      openapi: string
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
      >
    }
    expect(doc.openapi).toBe("3.1.0")
    const register = doc.paths["/api/auth/register"].post.requestBody!.content["application/json"].schema
    expect(register.required).toEqual(["username", "email", "password"])
    const product = doc.paths["/api/admin/products/add-product"].post.requestBody!.content["application/json"].schema
    expect(product.required).toEqual(
      expect.arrayContaining(["image", "title", "description", "category", "brand", "price", "saleprice", "stock"])
    )
    expect(Object.keys(doc.paths["/api/admin/products/upload-image"].post.requestBody!.content)).toEqual([
      "multipart/form-data",
    ])
  })
})
