// Who a page's queries ask as: the current language and the signed-in user (`lib/queries/viewer`).
import { useLang } from '@/lib/lang';
import type { Viewer } from '@/lib/queries/viewer';
import { useCurrentUser } from './use-auth';

export function useViewer(): Viewer {
  const { lang } = useLang();
  const user = useCurrentUser();
  return { lang, userId: user?.id ?? null };
}
