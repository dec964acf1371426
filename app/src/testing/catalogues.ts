// The translation files of `locales/`, by language and file (one i18next namespace each).
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export type Catalogue = Record<string, Record<string, unknown>>;

/** `{ zh: { core: {...}, app: {...}, pages: {...} }, en: ..., ja: ... }` */
export const catalogues: Record<string, Catalogue> = {};
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, stem] = match;
  catalogues[lang] ??= {};
  catalogues[lang][stem] = content;
}
