const { ensureTemplate, seededTemplate } = require("./template-db")

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1)

/** Jest's globalSetup: the migrated template, and this run's seeded copy of it, that every spec file copies (template-db.js). */
module.exports = async function globalSetup() {
  if (process.env.SHOP_TEST_TEMPLATE === "off") return
  let started = Date.now()
  process.env.SHOP_TEST_TEMPLATE = await ensureTemplate()
  if (Date.now() - started > 2000)
    console.log(`\ntest database template ${process.env.SHOP_TEST_TEMPLATE} migrated in ${seconds(started)} s`)
  if (process.env.SHOP_TEST_SEEDED === "off") return
  started = Date.now()
  process.env.SHOP_TEST_SEEDED = await seededTemplate(process.env.SHOP_TEST_TEMPLATE)
  console.log(`\ntest database ${process.env.SHOP_TEST_SEEDED} seeded in ${seconds(started)} s`)
}
