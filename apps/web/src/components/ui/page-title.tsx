import type { ReactNode } from 'react';
import './page-title.css';

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="ui-page-title">{children}</h1>;
}
