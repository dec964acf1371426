// Text from the catalogue in the language it is written in: marked `lang` when that differs from the page's, so fonts and screen readers treat untranslated Chinese as Chinese.
import type { ReactNode } from 'react';
import type { Lang } from '@/lib/core';
import { useLang } from '@/lib/lang';

export function TextIn({ lang, children }: { lang: Lang; children: ReactNode }) {
  const page = useLang().lang;
  return lang === page ? <>{children}</> : <span lang={lang}>{children}</span>;
}
