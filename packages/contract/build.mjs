// Builds the contract for plain Node (the built Medusa server requires it) and
// for bundlers: dist/index.cjs and dist/index.mjs from src/index.ts. Runs on
// `npm install` (prepare) and before every stack build (scripts/lib/stack.ts).
import { build } from "esbuild"

const common = {
  entryPoints: ["src/index.ts"],
  bundle: true,
  platform: "neutral",
  target: "es2020",
  logLevel: "warning",
}
await Promise.all([
  build({ ...common, format: "cjs", outfile: "dist/index.cjs" }),
  build({ ...common, format: "esm", outfile: "dist/index.mjs" }),
])
