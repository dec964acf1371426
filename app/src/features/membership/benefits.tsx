// What membership gives, in three short lines (the plan pages show it above the plans).
import { useTranslation } from 'react-i18next';

export function Benefits() {
  const { t } = useTranslation('shop');
  return (
    <ul className="shop-benefits">
      <li>{t('shop.benefits.vip')}</li>
      <li>{t('shop.benefits.offline')}</li>
      <li>{t('shop.benefits.devices')}</li>
    </ul>
  );
}
