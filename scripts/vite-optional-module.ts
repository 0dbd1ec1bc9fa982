import type { Plugin } from 'vite';

/**
 * Lets the site build without an optional package: when `name` (or a file of it) cannot be
 * resolved, importing it gives a module that throws, so a lazy `import()` of the feature that
 * needs it rejects and the caller falls back (the GeoPackage export saves GeoJSON instead).
 */
export function optionalModule(name: string): Plugin {
  const missing = `\0optional-missing:${name}`;
  return {
    name: 'geosonde:optional-module',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (id !== name && !id.startsWith(`${name}/`)) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      if (resolved) return resolved;
      this.warn(`${name} est absent : la fonction qui en dépend utilisera sa solution de repli.`);
      return missing;
    },
    load(id) {
      if (id === missing) return `throw new Error(${JSON.stringify(`${name} absent de cette version`)});`;
    },
  };
}
