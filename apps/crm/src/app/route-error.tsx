import { useRouteError } from 'react-router';

/** A screen that failed to load or render (a new build replaced its chunk, a bug). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="screen" id="main">
      <h1>Что-то пошло не так</h1>
      <p>Обновите страницу. Если ошибка повторится, сообщите администратору.</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        Обновить страницу
      </button>
    </main>
  );
}
