/**
 * How picture variants are named: the first HASH_CHARS hex characters of
 * the SHA-256 of their content, their width and their format's extension
 * ("3fdd0b72d902782139d6-960w.webp"). A new content always gets a new name, so
 * a variant's URL can be cached for good (IMMUTABLE_CACHE_CONTROL).
 */
export const HASH_CHARS = 20

export const variantName = (hash: string, width: number, ext: string) => `${hash}-${width}w.${ext}`

/**
 * A variant's path as the local File provider serves it under /static: it
 * puts a timestamp before the name ("1732720000000-3fdd...-960w.webp").
 */
export const LOCAL_VARIANT_PATH = new RegExp(`^/static/\\d+-[0-9a-f]{${HASH_CHARS}}-\\d+w\\.(?:avif|webp|jpg)$`)

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable"
