// Medusa's test runner loads models per suite; MikroORM's metadata store must start empty each time.
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()
