export default { test: { environment: "node", include: ["src/**/*.test.ts"] } }
