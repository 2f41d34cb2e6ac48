import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { ok } from '../../api/client';
import { Card, ErrorNote, Select } from '../../shared/ui';
import { useData } from '../data';
import { DateRange, endsBeforeStart } from '../date-range';
import { download } from '../download';
import { api } from '../session';
import { useSubmit } from '../actions';

/** The transactions and governance downloads, CSV or JSON, for a date range and optionally one account. */
export function ExportsPage() {
  const { t } = useTranslation();
  const accounts = useData(['multisigs'], () => ok(api.GET('/multisigs', { params: { query: { pageSize: 500 } } })));
  const [kind, setKind] = useState<'transactions' | 'governance'>('transactions');
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [multisigId, setMultisigId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { busy, error, run } = useSubmit();
  return (
    <>
      <h1>{t('nav.exports')}</h1>
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => download(`/export/${kind}`, { format, multisigId, from, to }));
          }}
        >
          <Select label={t('exports.kind')} value={kind} onChange={(e) => setKind(e.currentTarget.value as typeof kind)}>
            <option value="transactions">{t('exports.transactions')}</option>
            <option value="governance">{t('exports.governance')}</option>
          </Select>
          <Select label={t('common.format')} value={format} onChange={(e) => setFormat(e.currentTarget.value as typeof format)}>
            <option value="csv">CSV</option>
            <option value="json">JSON</option>
          </Select>
          <Select label={t('exports.account')} value={multisigId} onChange={(e) => setMultisigId(e.currentTarget.value)}>
            <option value="">{t('exports.allAccounts')}</option>
            {(accounts.data?.items ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.label}
              </option>
            ))}
          </Select>
          <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <ErrorNote message={error} />
          <button class="primary" disabled={busy || endsBeforeStart(from, to)}>
            {t('common.download')}
          </button>
        </form>
      </Card>
    </>
  );
}
