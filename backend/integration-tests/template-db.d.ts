// The types of template-db.js (CommonJS: Jest's globalSetup requires it as it is).

/** Makes sure the current template exists; returns its name. */
export function ensureTemplate(): Promise<string>

/** Creates `database` as a copy of the template. */
export function copyTemplate(template: string, database: string): Promise<void>

/** A copy of `template` seeded by src/scripts/seed.ts, for this run only; returns its name. */
export function seededTemplate(template: string): Promise<string>

/** Drops `database` if it exists. */
export function dropDatabase(database: string): Promise<void>

/** Medusa's runner snapshots and restores a spec's database with file copies from here on (template-db.js). */
export function copyWithFileCopies(): void
