// "Skip to content" link, the first focusable element of every layout.
import { useTranslation } from 'react-i18next';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main-content">
      {t('app.a11y.skipToContent')}
    </a>
  );
}
