import { Link } from 'react-router';
import { ROUTES } from '@/config/paths';
import { useTitle } from '@/lib/use-title';

export function NotFoundScreen() {
  useTitle('Страница не найдена');
  return (
    <div className="screen">
      <h1>Страница не найдена</h1>
      <p>
        Такой страницы в консоли нет или она вам недоступна.{' '}
        <Link to={ROUTES.clients.path}>К поиску клиентов</Link>
      </p>
    </div>
  );
}
