import type { TFunction } from 'i18next';
import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter-preact';
import { ok } from '../../api/client';
import { formatDateTime, shortAddress } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { Card, ErrorNote, Loading, Table } from '../../shared/ui';
import { idempotencyKey, POLL_MS, useData } from '../data';
import { api, useSession } from '../session';
import { Money } from './dashboard';

const remaining = (seconds: number, t: TFunction) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? t('tasks.hoursLeft', { hours, minutes }) : t('tasks.minutesLeft', { minutes });
};

export function MyTasksPage() {
  const { t } = useTranslation();
  const queue = useData(['approval-queue-all'], () => ok(api.GET('/approval-queue', { params: { query: { pageSize: 200 } } })), { refreshInterval: POLL_MS });
  // Least time remaining first, whatever order the server keeps.
  const items = [...(queue.data?.items ?? [])].sort((a, b) => a.timeRemainingSeconds - b.timeRemainingSeconds);
  return (
    <>
      <h1>{t('tasks.title')}</h1>
      {queue.error && <ErrorNote message={errorText(t, queue.error)} />}
      {!queue.data ? (
        <Loading label={t('common.loading')} />
      ) : items.length === 0 ? (
        <p class="caught-up" role="status">
          {t('tasks.caughtUp')}
        </p>
      ) : (
        <ul class="task-list">
          {items.map((item) => (
            <li key={item.id} class="task">
              <Link href={`/operations/${item.id}`}>{item.title}</Link>
              <span class="tag">{t(`proposals.kinds.${item.kind}`)}</span>
              <span class="muted">{remaining(item.timeRemainingSeconds, t)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function OperationPage() {
  const { t, i18n } = useTranslation();
  const { operationId } = useParams<{ operationId: string }>();
  const operation = useData(['operation', operationId], () => ok(api.GET('/operations/{operationId}', { params: { path: { operationId } } })), { refreshInterval: POLL_MS });
  const session = useSession();
  const [voteError, setVoteError] = useState<string | null>(null);
  const [voting, setVoting] = useState(false);
  const data = operation.data;
  /** Withdraw and execute act on the proposal itself rather than vote on it. */
  const act = async (action: 'withdraw' | 'execute') => {
    if (!data?.multisigId) return;
    setVoting(true);
    setVoteError(null);
    try {
      const path = { multisigId: data.multisigId, proposalId: data.id };
      await ok(
        action === 'withdraw'
          ? api.POST('/multisigs/{multisigId}/proposals/{proposalId}/withdraw', { params: { path } })
          : api.POST('/multisigs/{multisigId}/proposals/{proposalId}/execute', { params: { path, header: { 'idempotency-key': idempotencyKey() } } }),
      );
      await operation.mutate();
    } catch (failure) {
      setVoteError(errorText(t, failure));
    } finally {
      setVoting(false);
    }
  };
  const vote = async (option: 'YES' | 'NO') => {
    if (!data || data.kind !== 'CHAIN' || !data.multisigId) return;
    setVoting(true);
    setVoteError(null);
    try {
      await ok(
        api.POST('/multisigs/{multisigId}/proposals/{proposalId}/votes', {
          params: { path: { multisigId: data.multisigId, proposalId: data.id }, header: { 'idempotency-key': idempotencyKey() } },
          body: { option },
        }),
      );
      await operation.mutate();
    } catch (failure) {
      setVoteError(errorText(t, failure));
    } finally {
      setVoting(false);
    }
  };
  if (operation.error) return <ErrorNote message={errorText(t, operation.error)} />;
  if (!data) return <Loading label={t('common.loading')} />;
  if (data.kind === 'ADMIN')
    return (
      <>
        <h1>{t(`operationTypes.${data.type}`)}</h1>
        <Card title={t('operation.summary')}>
          <dl class="facts">
            <dt>{t('operation.kind')}</dt>
            <dd>{t('operation.admin')}</dd>
            <dt>{t('operation.actor')}</dt>
            <dd>{data.actor?.name ?? '—'}</dd>
            <dt>{t('operation.when')}</dt>
            <dd>{formatDateTime(data.occurredAt, i18n.language)}</dd>
            {Object.entries(data.summary).map(([key, value]) => (
              <>
                <dt key={`k-${key}`}>{key}</dt>
                <dd key={`v-${key}`}>{typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value)}</dd>
              </>
            ))}
          </dl>
          <p>
            <Link href={data.multisigId ? `/accounts/${data.multisigId}` : '/control-panel'}>{t('operation.openSource')}</Link>
          </p>
        </Card>
      </>
    );
  const tx = data.transaction;
  const proposes = session.can('create', 'Proposal');
  // The decider's rules: its proposer withdraws it while it is being voted on; an accepted proposal whose
  // execution failed (or never ran) may be executed again, never one that succeeded.
  const canWithdraw = proposes && data.status === 'SUBMITTED' && data.proposer?.id === session.user?.id;
  const canExecute = proposes && data.status === 'ACCEPTED' && data.receipts.executorResult !== 'SUCCESS';
  return (
    <>
      <h1>{data.title ?? t(`operationTypes.${data.type}`)}</h1>
      <p>
        <span class="tag">{t(`operationTypes.${data.type}`)}</span> <span class="tag">{data.status ? t(`proposalStatus.${data.status}`) : '—'}</span>
      </p>
      {(data.canSign || data.canReject) && (
        <div class="actions" role="group" aria-label={t('operation.vote')}>
          {data.canSign && (
            <button class="primary" disabled={voting} onClick={() => void vote('YES')}>
              {t('operation.sign')}
            </button>
          )}
          {data.canReject && (
            <button class="danger" disabled={voting} onClick={() => void vote('NO')}>
              {t('operation.reject')}
            </button>
          )}
        </div>
      )}
      {(canWithdraw || canExecute) && (
        <div class="actions" role="group" aria-label={t('operation.manage')}>
          {canWithdraw && (
            <button disabled={voting} onClick={() => void act('withdraw')}>
              {t('operation.withdraw')}
            </button>
          )}
          {canExecute && (
            <button class="primary" disabled={voting} onClick={() => void act('execute')}>
              {data.receipts.executorResult === 'FAILURE' ? t('operation.executeAgain') : t('operation.execute')}
            </button>
          )}
        </div>
      )}
      <ErrorNote message={voteError} />
      <div class="grid-2">
        <Card title={t('operation.transaction')}>
          <dl class="facts">
            <dt>{t('operation.account')}</dt>
            <dd>{data.account ? <Link href={`/accounts/${data.account.id}`}>{data.account.label}</Link> : '—'}</dd>
            <dt>{t('operation.proposer')}</dt>
            <dd>{data.proposer?.name ?? '—'}</dd>
            <dt>{t('activity.amount')}</dt>
            <dd>{tx.amount && tx.symbol && tx.exponent !== null ? <Money value={{ amount: tx.amount, symbol: tx.symbol, exponent: tx.exponent }} /> : '—'}</dd>
            <dt>{t('operation.from')}</dt>
            <dd class="mono">{tx.from ? shortAddress(tx.from) : '—'}</dd>
            <dt>{t('operation.to')}</dt>
            <dd class="mono">{tx.to ? shortAddress(tx.to) : '—'}</dd>
          </dl>
        </Card>
        {data.votes && (
          <Card title={t('operation.votes')}>
            <p>
              {t('operation.tally', { yes: data.votes.tally.yes, no: data.votes.tally.no + data.votes.tally.noWithVeto, threshold: data.votes.threshold, total: data.votes.totalWeight })}
            </p>
            <Table columns={[t('operation.member'), t('operation.weight'), t('operation.vote')]} rows={data.votes.breakdown}>
              {(row) => (
                <tr key={row.userId}>
                  <td>{row.name ?? row.userId}</td>
                  <td>{row.weight}</td>
                  <td>{row.option ? t(`voteOptions.${row.option}`) : t('operation.notVoted')}</td>
                </tr>
              )}
            </Table>
          </Card>
        )}
        <Card title={t('operation.lifecycle')}>
          <dl class="facts">
            {(['createdAt', 'votingEndsAt', 'decidedAt', 'executedAt'] as const).map((step) => (
              <>
                <dt key={`k-${step}`}>{t(`operation.${step}`)}</dt>
                <dd key={`v-${step}`}>{data.lifecycle[step] ? formatDateTime(data.lifecycle[step]!, i18n.language) : '—'}</dd>
              </>
            ))}
            {data.lifecycle.rejectionReason && (
              <>
                <dt>{t('operation.rejectionReason')}</dt>
                <dd>{data.lifecycle.rejectionReason}</dd>
              </>
            )}
          </dl>
        </Card>
        <Card title={t('operation.receipts')}>
          <dl class="facts">
            <dt>{t('operation.txHash')}</dt>
            <dd class="mono">{data.receipts.txHash ?? '—'}</dd>
            <dt>{t('operation.height')}</dt>
            <dd>{data.receipts.height ?? '—'}</dd>
            <dt>{t('operation.result')}</dt>
            <dd>{data.receipts.executorResult ? t(`executorResults.${data.receipts.executorResult}`) : '—'}</dd>
          </dl>
        </Card>
      </div>
    </>
  );
}
