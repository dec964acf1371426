// The console's categories: a name in the page's language, and the flat list as a tree (children
// under their parent, siblings by sortOrder) for tables and selects.
import type { AdminCategory } from '@/lib/api/types';
import type { Lang } from '@/lib/core';

export function categoryName(category: AdminCategory, lang: Lang): string {
  return { zh: category.nameZh, en: category.nameEn, ja: category.nameJa }[lang] ?? category.nameZh;
}

export interface TreeRow {
  category: AdminCategory;
  depth: number;
}

/** Depth-first: each category followed by its children; one whose parent is unknown is a root. */
export function categoryTree(categories: AdminCategory[]): TreeRow[] {
  const known = new Set(categories.map((c) => c.id));
  const children = new Map<number | null, AdminCategory[]>();
  for (const category of categories) {
    const parent = category.parentId != null && known.has(category.parentId) ? category.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
    for (const category of siblings) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      rows.push({ category, depth });
      walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** `[id, name]` options of a select, children indented; `exclude` leaves a category and its subtree out. */
export function categoryOptions(categories: AdminCategory[], lang: Lang, exclude?: number): [string, string][] {
  const options: [string, string][] = [];
  let skipBelow: number | null = null;
  for (const { category, depth } of categoryTree(categories)) {
    if (skipBelow !== null && depth > skipBelow) continue;
    skipBelow = null;
    if (category.id === exclude) {
      skipBelow = depth;
      continue;
    }
    options.push([String(category.id), `${'\u00a0'.repeat(depth * 2)}${categoryName(category, lang)}`]);
  }
  return options;
}
