// The server's highlighted snippets (`<mark>` around matches): parsed as inert HTML and rebuilt as
// React text and <mark> elements only — no other element, attribute or raw HTML reaches the page.
import type { ReactNode } from 'react';

function collect(node: Node, out: ReactNode[], inMark: boolean): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      const text = child.textContent ?? '';
      if (text) out.push(inMark ? <mark key={out.length}>{text}</mark> : text);
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const tag = (child as Element).tagName.toLowerCase();
      if (tag === 'script' || tag === 'style' || tag === 'template') continue;
      collect(child, out, inMark || tag === 'mark');
    }
  }
}

/** Text and <mark> nodes of a snippet; anything else is reduced to its text. */
export function highlightNodes(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out: ReactNode[] = [];
  collect(doc.body, out, false);
  return out;
}

export function Highlight({ html, fallback }: { html?: string | null; fallback?: string }) {
  if (!html) return <>{fallback ?? null}</>;
  return <>{highlightNodes(html)}</>;
}
