// The language of the page an API call comes from, stated with every call: the server answers
// in it over the listener's stored choice (issue 27: the address decides, `lang_of` in
// server/src/extract.rs), and words its refusals in it.

/** The header the server reads the page's language from (`PAGE_LANG_HEADER` on the server). */
export const pageLanguageHeader = 'X-Tingshu-Lang';

/** The page's language tag (the locale layer keeps `<html lang>` on it: zh-CN, en-US, ja-JP). */
function pageLanguage(): string {
  return document.documentElement.lang || 'zh-CN';
}

/** The headers that state the page's language. */
export function pageLanguageHeaders(): Record<string, string> {
  const lang = pageLanguage();
  return { [pageLanguageHeader]: lang, 'Accept-Language': lang };
}
