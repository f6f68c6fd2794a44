const { ensureTemplate } = require("./template-db")

/** Jest's globalSetup: the migrated template every spec file copies (template-db.js). */
module.exports = async function globalSetup() {
  if (process.env.SHOP_TEST_TEMPLATE === "off") return
  const started = Date.now()
  process.env.SHOP_TEST_TEMPLATE = await ensureTemplate()
  if (Date.now() - started > 2000)
    console.log(
      `\ntest database template ${process.env.SHOP_TEST_TEMPLATE} migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`
    )
}
