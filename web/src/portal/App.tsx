import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation } from 'wouter-preact';
import { Loading } from '../shared/ui';
import { Layout } from './layout';
import { ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from './pages/auth';
import { DashboardPage } from './pages/dashboard';
import { SettingsPage } from './pages/settings';
import { MyTasksPage, OperationPage } from './pages/tasks';
import { PortalRoutes } from './routes';
import { useSession } from './session';

const PUBLIC_PATHS = ['/login', '/forgot-password', '/reset-password', '/register'];

export function App() {
  const { t } = useTranslation();
  const session = useSession();
  const [location] = useLocation();
  if (session.status === 'loading') return <Loading label={t('common.loading')} />;
  // The mail-link pages open whether or not someone is signed in on this browser.
  if (location === '/reset-password') return <ResetPasswordPage />;
  if (location === '/register') return <RegisterPage />;
  if (session.status === 'anonymous')
    return (
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route>
          <Redirect to="/login" replace />
        </Route>
      </Switch>
    );
  if (PUBLIC_PATHS.includes(location)) return <Redirect to="/dashboard" replace />;
  return (
    <Layout>
      <Switch>
        <Route path="/">
          <Redirect to="/dashboard" replace />
        </Route>
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/my-tasks" component={MyTasksPage} />
        <Route path="/operations/:operationId" component={OperationPage} />
        <Route path="/settings" component={SettingsPage} />
        <PortalRoutes />
      </Switch>
    </Layout>
  );
}
