// Every catalogue key exists in zh, en and ja, plural forms included: a text plural in one
// language has its `_one` and `_other` keys in every language (as the catalogues are checked outside
// the app too), even where a language has one form only.
import { catalogues } from '@/testing/catalogues';

function flatten(node: unknown, prefix = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => flatten(item, `${prefix}[${index}]`));
  if (typeof node === 'object' && node !== null) {
    return Object.entries(node).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

const langs = ['zh', 'en', 'ja'];
const stems = [...new Set(langs.flatMap((lang) => Object.keys(catalogues[lang] ?? {})))].sort();

describe('locale catalogues', () => {
  it('exist for zh, en and ja, with the app catalogue', () => {
    for (const lang of langs) expect(Object.keys(catalogues[lang] ?? {})).toContain('app');
  });

  it.each(stems)('%s.json has the same keys in every language', (stem) => {
    const keys = Object.fromEntries(langs.map((lang) => [lang, new Set(flatten(catalogues[lang]?.[stem]))]));
    const all = new Set(langs.flatMap((lang) => [...keys[lang]]));
    for (const lang of langs) {
      const missing = [...all].filter((key) => !keys[lang].has(key));
      expect(missing, `${lang}/${stem}.json is missing`).toEqual([]);
    }
  });

  it('has no empty strings', () => {
    for (const lang of langs) {
      const empty: string[] = [];
      const walk = (node: unknown, path: string) => {
        if (typeof node === 'string') {
          if (node.trim() === '') empty.push(path);
        } else if (typeof node === 'object' && node !== null) {
          for (const [key, value] of Object.entries(node)) walk(value, `${path}.${key}`);
        }
      };
      walk(catalogues[lang], lang);
      expect(empty).toEqual([]);
    }
  });
});
