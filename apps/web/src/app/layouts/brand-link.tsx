import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@/config/paths';
import { useBrand } from '@/hooks/use-company-settings';

export function BrandLink() {
  const { t } = useTranslation('layout');
  const brand = useBrand();
  return (
    <Link
      to={ROUTES.home.path}
      className="brand-link"
      aria-label={`${brand}. ${t('header.homeLink')}`}
    >
      <span className="brand-link__mark" aria-hidden="true">
        {brand.slice(0, 1)}
      </span>
      <span className="brand-link__name" data-testid="brand">
        {brand}
      </span>
    </Link>
  );
}
