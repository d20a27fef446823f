import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteDefinition } from '@/config/paths';
import { Card } from './card';
import { PageTitle } from './page-title';
import './placeholder-screen.css';

type PlaceholderScreenProps = {
  titleKey: RouteDefinition['titleKey'];
  /** Replaces the «being prepared» line. */
  text?: string;
  children?: ReactNode;
};

/** A screen whose capability is not built yet: its title and a short «being prepared» line. */
export function PlaceholderScreen({ titleKey, text, children }: PlaceholderScreenProps) {
  const { t } = useTranslation(['common', 'routes']);
  return (
    <Card className="ui-placeholder" data-testid="placeholder-screen">
      <PageTitle>{t(`routes:${titleKey}`)}</PageTitle>
      <p className="ui-placeholder__text">{text ?? t('preparing')}</p>
      {children}
    </Card>
  );
}
