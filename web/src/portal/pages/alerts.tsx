import { useTranslation } from 'react-i18next';
import { Link } from 'wouter-preact';
import { ok, type Schemas } from '../../api/client';
import { formatDateTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { Card, ErrorNote, Loading } from '../../shared/ui';
import { useData } from '../data';
import { api, useSession } from '../session';

type Alert = Schemas['Alert'];

/** Alerts probe RPC endpoints: polled, but less often than balances. */
const ALERTS_POLL_MS = 30_000;

/** Where the operator fixes what an alert is about. */
function fixAt(alert: Alert): string | null {
  switch (alert.code) {
    case 'EXCHANGE_FROZEN':
    case 'EXCHANGE_ADDRESS_UNLINKED':
      return `/control-panel/organizations/${alert.organizationId}`;
    case 'INVITATION_EXPIRING':
      return '/control-panel?tab=internal-users';
    case 'CHAIN_RPC_UNREACHABLE':
      return '/control-panel?tab=chain-rpc';
    default:
      return null;
  }
}

/**
 * The control panel's operational warnings (stopped read models, unreachable chain RPC, exchange
 * addresses unlinked or frozen, invitations about to expire), errors first, each worded from its code
 * and details so it reads in the user's language.
 */
export function AlertsPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const allowed = session.can('manage', 'Organization');
  const alerts = useData(allowed ? ['alerts'] : null, () => ok(api.GET('/control-panel/alerts')), { refreshInterval: ALERTS_POLL_MS });
  if (!allowed) return <ErrorNote message={t('errors.FORBIDDEN')} />;
  const details = (alert: Alert) => ({
    ...alert.details,
    failedAt: alert.details.failedAt ? formatDateTime(alert.details.failedAt, i18n.language) : '',
    expiresAt: alert.details.expiresAt ? formatDateTime(alert.details.expiresAt, i18n.language) : '',
  });
  return (
    <>
      <p>
        <Link href="/control-panel">{t('alerts.backToControlPanel')}</Link>
      </p>
      <h1>{t('alerts.title')}</h1>
      {alerts.error && <ErrorNote message={errorText(t, alerts.error)} />}
      {!alerts.data ? (
        <Loading label={t('common.loading')} />
      ) : alerts.data.items.length === 0 ? (
        <Card>
          <p class="empty">{t('alerts.none')}</p>
        </Card>
      ) : (
        <ul class="alert-list">
          {alerts.data.items.map((alert, index) => {
            const target = fixAt(alert);
            return (
              <li key={`${alert.code}-${alert.organizationId}-${index}`} class={`alert-item alert-${alert.severity}`}>
                <span class={`tag tag-${alert.severity}`}>{t(`alerts.severity.${alert.severity}`)}</span>
                <h2>{t(`alerts.codes.${alert.code}.title`)}</h2>
                <p>{t(`alerts.codes.${alert.code}.text`, details(alert))}</p>
                {alert.details.reason && (
                  <p class="muted">
                    {t('alerts.reason')} <code>{alert.details.reason}</code>
                  </p>
                )}
                {target && <Link href={target}>{t('alerts.fix')}</Link>}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
