import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter-preact';

function NotFoundPage() {
  const { t } = useTranslation();
  return <h1>{t('common.notFound')}</h1>;
}

/** The portal's surfaces beyond the dashboard and tasks. */
export function PortalRoutes() {
  return (
    <Switch>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
