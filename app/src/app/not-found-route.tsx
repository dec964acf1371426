// The unmatched route: the 404 error screen with the catalogue's 'Page not found'.
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { notFoundMessage } from './guarded-route';

export function NotFoundRoute() {
  return <ErrorScreen statusCode={404} statusMessage={notFoundMessage} />;
}
