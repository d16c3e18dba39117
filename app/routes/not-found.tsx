import { data } from 'react-router';

export const meta = () => [{ title: 'Страница не найдена' }];

/** Every path no other route matches: answered with status 404 and the 404 page (root ErrorBoundary). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
