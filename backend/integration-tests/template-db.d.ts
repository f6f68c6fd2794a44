// The types of template-db.js (CommonJS: Jest's globalSetup requires it as it is).

/** Makes sure the current template exists; returns its name. */
export function ensureTemplate(): Promise<string>

/** Creates `database` as a copy of the template. */
export function copyTemplate(template: string, database: string): Promise<void>
