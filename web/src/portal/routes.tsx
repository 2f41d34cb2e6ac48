import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter-preact';
import { AccountPage, AccountsPage } from './pages/accounts';
import { AddressBookPage } from './pages/address-book';
import { AlertsPage } from './pages/alerts';
import { BridgingPage } from './pages/bridging';
import { ControlPanelPage, OrganizationPage } from './pages/control-panel';
import { ExportsPage } from './pages/exports';
import { InstantPaymentsPage } from './pages/instant-payments';
import { NewProposalPage } from './pages/proposals';

function NotFoundPage() {
  const { t } = useTranslation();
  return <h1>{t('common.notFound')}</h1>;
}

/** The portal's surfaces beyond the dashboard and tasks. */
export function PortalRoutes() {
  return (
    <Switch>
      <Route path="/accounts" component={AccountsPage} />
      <Route path="/accounts/:multisigId" component={AccountPage} />
      <Route path="/proposals/new" component={NewProposalPage} />
      <Route path="/control-panel" component={ControlPanelPage} />
      <Route path="/control-panel/alerts" component={AlertsPage} />
      <Route path="/control-panel/organizations/:organizationId" component={OrganizationPage} />
      <Route path="/instant-payments" component={InstantPaymentsPage} />
      <Route path="/bridging" component={BridgingPage} />
      <Route path="/exports" component={ExportsPage} />
      <Route path="/address-book" component={AddressBookPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
