const { dropDatabase } = require("./template-db")

/** Jest's globalTeardown: this run's seeded template goes (the migrated one stays for the next run). */
module.exports = async function globalTeardown() {
  const seeded = process.env.SHOP_TEST_SEEDED
  if (seeded && seeded !== "off") await dropDatabase(seeded)
}
