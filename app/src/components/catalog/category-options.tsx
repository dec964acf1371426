// The options of a category select: every category of the tree, children indented.
import type { CategoryNode } from '@/lib/api/types';

/** Categories with their children, flattened for a select (children indented). */
export function flattenCategories(categories: CategoryNode[], depth = 0): { category: CategoryNode; depth: number }[] {
  return categories.flatMap((category) => [{ category, depth }, ...flattenCategories(category.children, depth + 1)]);
}

export function CategoryOptions({ categories }: { categories: CategoryNode[] }) {
  return (
    <>
      {flattenCategories(categories).map(({ category, depth }) => (
        <option key={category.id} value={category.slug}>
          {'\u00a0'.repeat(depth * 2)}
          {category.name}
        </option>
      ))}
    </>
  );
}
