import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@/config/paths';
import { useBrand } from '@/hooks/use-company-settings';

export function BrandLink() {
  const { t } = useTranslation('layout');
  const brand = useBrand();
  return (
    // The name is the visible text first («Займо — на главную»): speech users say what they see.
    // The mark's letter is CSS content, so it is not read or counted twice.
    <Link to={ROUTES.home.path} className="brand-link">
      <span className="brand-link__mark" data-initial={brand.slice(0, 1)} aria-hidden="true" />
      <span className="brand-link__name" data-testid="brand">
        {brand}
      </span>
      <span className="visually-hidden"> — {t('header.homeLink').toLowerCase()}</span>
    </Link>
  );
}
