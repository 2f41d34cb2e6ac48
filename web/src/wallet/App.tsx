import { useEffect, useMemo, useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Link, Route, Router, Switch, useLocation, useParams, useSearch } from 'wouter-preact';
import { ApiError, ok, type Schemas } from '../api/client';
import { formatAmount, formatDateTime, parseAmount } from '../shared/format';
import { errorText, LOCALES, setLocale, type Locale } from '../shared/i18n';
import { ErrorNote, Field, Loading } from '../shared/ui';
import { aliasFromQr, ALIAS_PATTERN, QrCode, QrScanner } from './qr';
import { api, getCredentials, onCredentialsChange, setCredentials } from './session';
import { themeFrom } from './theme';

/** Pending cross-bank payments turn completed within a second or so: poll often while the home is open. */
const POLL_MS = 2000;
const ALIAS_CHECK_DEBOUNCE_MS = 400;

type Client = Schemas['InstantPaymentClient'];
type Payee = Schemas['InstantPaymentPayee'];
type Bank = { organizationId: string; name: string; theme: { primaryColor: string } };
interface Currency {
  symbol: string;
  exponent: number;
}

function useCredentials() {
  const [credentials, set] = useState(getCredentials());
  useEffect(() => onCredentialsChange(() => set(getCredentials())), []);
  return credentials;
}

const useConfig = () => useSWR('config', () => ok(api.GET('/config')), { revalidateOnFocus: false });
const useBanks = () => useSWR('banks', () => ok(api.GET('/instant-payments/banks')), { revalidateOnFocus: false });
const useMe = () => useSWR(['me', getCredentials()?.clientId], () => ok(api.GET('/instant-payments/me')), { refreshInterval: POLL_MS });

function Money({ amount, currency, signed }: { amount: string; currency: Currency; signed?: 'IN' | 'OUT' }) {
  const { i18n } = useTranslation();
  const sign = signed === 'IN' ? '+' : signed === 'OUT' ? '−' : '';
  return (
    <span class="money">
      {sign}
      {currency.symbol} {formatAmount(amount, currency.exponent, i18n.language)}
    </span>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label class="language">
      <span class="sr-only">{t('common.language')}</span>
      <select value={i18n.language} onChange={(event) => setLocale(event.currentTarget.value as Locale)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`locales.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Onboarding({ banks }: { banks: Bank[] }) {
  const { t } = useTranslation();
  const [bankId, setBankId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [token, setToken] = useState('');
  const [mode, setMode] = useState<'demo' | 'token'>('demo');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bank = banks.find((candidate) => candidate.organizationId === bankId);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (mode === 'demo') {
        if (!bankId) return setError(t('onboarding.pickBankFirst'));
        const registered = await ok(api.POST('/instant-payments/demo/clients', { body: { organizationId: bankId, name: name.trim() } }));
        setCredentials({ clientId: registered.client.id, clientToken: registered.clientToken });
      } else {
        const response = await fetch('/api/instant-payments/me', { headers: { Authorization: `Bearer ${token.trim()}` } });
        if (!response.ok) return setError(t('onboarding.tokenRejected'));
        const client = (await response.json()) as Client;
        setCredentials({ clientId: client.id, clientToken: token.trim() });
      }
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="wallet-screen onboarding" style={themeFrom(bank?.theme.primaryColor)}>
      <header class="wallet-top">
        <span class="wallet-title">{t('wallet.name')}</span>
        <LanguageSwitch />
      </header>
      <h1>{t('onboarding.title')}</h1>
      <p>{t('onboarding.intro')}</p>
      <div class="segmented" role="group" aria-label={t('onboarding.how')}>
        <button type="button" aria-pressed={mode === 'demo'} onClick={() => setMode('demo')}>
          {t('onboarding.demo')}
        </button>
        <button type="button" aria-pressed={mode === 'token'} onClick={() => setMode('token')}>
          {t('onboarding.withToken')}
        </button>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {mode === 'demo' ? (
          <>
            <fieldset class="banks">
              <legend>{t('onboarding.pickBank')}</legend>
              {banks.length === 0 && <p>{t('onboarding.noBanks')}</p>}
              {banks.map((candidate) => (
                <label key={candidate.organizationId} class="bank-option" style={themeFrom(candidate.theme.primaryColor)}>
                  <input type="radio" name="bank" value={candidate.organizationId} checked={bankId === candidate.organizationId} onChange={() => setBankId(candidate.organizationId)} />
                  <span class="bank-swatch" aria-hidden="true" />
                  {candidate.name}
                </label>
              ))}
            </fieldset>
            <Field label={t('onboarding.yourName')} autoComplete="name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </>
        ) : (
          <Field label={t('onboarding.clientToken')} hint={t('onboarding.clientTokenHint')} required value={token} onInput={(e) => setToken(e.currentTarget.value)} />
        )}
        <ErrorNote message={error} />
        <button class="bank-button wide" disabled={busy}>
          {t('onboarding.start')}
        </button>
      </form>
    </main>
  );
}

function Home({ me, bank, currency }: { me: Client; bank: Bank | undefined; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const movements = useSWR(['movements', me.id], () => ok(api.GET('/instant-payments/me/movements', { params: { query: { pageSize: 50 } } })), { refreshInterval: POLL_MS });
  const next = (target: string) => (me.alias ? target : `/alias?next=${encodeURIComponent(target)}`);
  return (
    <>
      <section class="balance-card" aria-label={t('home.balance')}>
        <p class="muted-on-bank">{t('home.hello', { name: me.name })}</p>
        <h1 class="sr-only">{t('home.title')}</h1>
        <p class="balance-label">{t('home.balance')}</p>
        <p class="balance" data-testid="balance">
          <Money amount={me.balance} currency={currency} />
        </p>
        <p class="alias-line">{me.alias ? `@${me.alias}` : t('home.noAlias')}</p>
        <div class="home-actions">
          <Link class="button bank-button" href={next('/send')}>
            {t('home.send')}
          </Link>
          <Link class="button bank-button" href={next('/receive')}>
            {t('home.receive')}
          </Link>
        </div>
      </section>
      {!me.alias && (
        <p class="banner">
          {t('home.activatePrompt')} <Link href="/alias">{t('home.activate')}</Link>
        </p>
      )}
      <section aria-label={t('home.movements')}>
        <h2>{t('home.movements')}</h2>
        {movements.error && <ErrorNote message={errorText(t, movements.error)} />}
        {!movements.data ? (
          <Loading label={t('common.loading')} />
        ) : movements.data.items.length === 0 ? (
          <p class="empty">{t('home.noMovements')}</p>
        ) : (
          <ul class="movements">
            {movements.data.items.map((movement) => (
              <li key={movement.id}>
                <Link href={`/movements/${movement.id}`} class="movement">
                  <span class="movement-who">
                    {movement.direction === 'IN' ? t('home.from', { alias: movement.senderAlias }) : t('home.to', { alias: movement.recipientAlias })}
                    <span class="movement-when">{formatDateTime(movement.createdAt, i18n.language)}</span>
                  </span>
                  <span class="movement-amount">
                    <Money amount={movement.amount} currency={currency} signed={movement.direction} />
                    <span class={`status status-${movement.status.toLowerCase()}`}>{t(`status.${movement.status}`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p class="bank-line">{bank?.name}</p>
    </>
  );
}

type Availability = 'idle' | 'invalid' | 'checking' | 'available' | 'taken' | 'throttled' | 'error';

function AliasScreen({ me, onActivated }: { me: Client; onActivated: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const nextPath = new URLSearchParams(useSearch()).get('next') ?? '/';
  const [alias, setAlias] = useState('');
  const [availability, setAvailability] = useState<Availability>('idle');
  const [retryAt, setRetryAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const normalized = alias.trim().replace(/^@/, '').toLowerCase();

  // A check per pause in typing (debounced), never while the server has asked us to wait.
  useEffect(() => {
    if (!normalized) return setAvailability('idle');
    if (!ALIAS_PATTERN.test(normalized)) return setAvailability('invalid');
    // While the server has asked us to wait, keep saying so until the next answer arrives.
    setAvailability(retryAt > Date.now() ? 'throttled' : 'checking');
    let live = true;
    const wait = Math.max(ALIAS_CHECK_DEBOUNCE_MS, retryAt - Date.now());
    const timer = window.setTimeout(() => {
      ok(api.GET('/instant-payments/aliases/{alias}/availability', { params: { path: { alias: normalized } } })).then(
        (answer) => live && setAvailability(answer.available ? 'available' : 'taken'),
        (failure) => {
          if (!live) return;
          if (failure instanceof ApiError && failure.code === 'RATE_LIMITED') {
            setRetryAt(Date.now() + (failure.retryAfterSeconds ?? 5) * 1000);
            setAvailability('throttled');
          } else setAvailability('error');
        },
      );
    }, wait);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [normalized, retryAt]);

  if (me.alias)
    return (
      <section>
        <h1>{t('alias.title')}</h1>
        <p>{t('alias.already', { alias: me.alias })}</p>
        <Link class="button bank-button" href="/">
          {t('common.back')}
        </Link>
      </section>
    );
  return (
    <section>
      <h1>{t('alias.title')}</h1>
      <p>{t('alias.intro')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (availability !== 'available') return;
          setBusy(true);
          setError(null);
          ok(api.POST('/instant-payments/demo/clients/{clientId}/alias', { params: { path: { clientId: me.id } }, body: { alias: normalized } }))
            .then(onActivated)
            .then(() => navigate(nextPath))
            .catch((failure) => setError(errorText(t, failure)))
            .finally(() => setBusy(false));
        }}
      >
        <Field
          label={t('alias.label')}
          hint={t('alias.rule')}
          autoCapitalize="none"
          autoComplete="off"
          spellcheck={false}
          required
          value={alias}
          onInput={(e) => setAlias(e.currentTarget.value)}
        />
        <p class={`availability availability-${availability}`} role="status" aria-live="polite">
          {availability === 'idle' ? '' : t(`alias.${availability}`, { alias: normalized })}
        </p>
        <ErrorNote message={error} />
        <button class="bank-button wide" disabled={busy || availability !== 'available'}>
          {t('alias.activate')}
        </button>
      </form>
    </section>
  );
}

function SendScreen({ me, currency, bankName, onSent }: { me: Client; currency: Currency; bankName: string; onSent: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const initialTo = new URLSearchParams(useSearch()).get('to') ?? '';
  const [amountText, setAmountText] = useState('');
  const [to, setTo] = useState(initialTo);
  const [reference, setReference] = useState('');
  const [scanning, setScanning] = useState(false);
  const [payee, setPayee] = useState<Payee | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per confirmation: a retry of the same confirmed payment is the same payment.
  const idempotencyKey = useMemo(() => crypto.randomUUID(), [payee]);
  const recipient = to.trim().replace(/^@/, '').toLowerCase();
  const amount = parseAmount(amountText, currency.exponent);

  const review = async () => {
    setError(null);
    if (!amount) return setError(t('send.badAmount'));
    if (!ALIAS_PATTERN.test(recipient)) return setError(t('send.badAlias'));
    if (recipient === me.alias) return setError(t('errors.SELF_PAYMENT'));
    if (BigInt(amount) > BigInt(me.balance)) return setError(t('errors.INSUFFICIENT_FUNDS'));
    setBusy(true);
    try {
      // The customer confirms whom they pay (bank and masked name) before anything moves.
      setPayee(await ok(api.GET('/instant-payments/payees/{alias}', { params: { path: { alias: recipient } } })));
    } catch (failure) {
      setError(failure instanceof ApiError && failure.code === 'NOT_FOUND' ? t('errors.RECIPIENT_NOT_FOUND') : errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const payment = await ok(
        api.POST('/instant-payments/payments', {
          params: { header: { 'idempotency-key': idempotencyKey } },
          body: { recipientAlias: payee!.alias, amount: amount!, ...(reference.trim() ? { reference: reference.trim() } : {}) },
        }),
      );
      await onSent();
      navigate(`/movements/${payment.id}?sent=1`);
    } catch (failure) {
      setError(errorText(t, failure));
      setPayee(null);
    } finally {
      setBusy(false);
    }
  };

  if (scanning)
    return (
      <QrScanner
        onClose={() => setScanning(false)}
        onResult={(text) => {
          const alias = aliasFromQr(text);
          setScanning(false);
          if (alias) setTo(alias);
          else setError(t('scan.notAnAlias'));
        }}
      />
    );
  if (payee && amount)
    return (
      <section>
        <h1>{t('send.confirmTitle')}</h1>
        <dl class="confirm">
          <dt>{t('send.payee')}</dt>
          <dd>@{payee.alias}</dd>
          <dt>{t('send.payeeName')}</dt>
          <dd data-testid="payee-name">{payee.maskedName}</dd>
          <dt>{t('send.payeeBank')}</dt>
          <dd>{payee.bankName}</dd>
          <dt>{t('send.amount')}</dt>
          <dd>
            <Money amount={amount} currency={currency} />
          </dd>
          {reference.trim() && (
            <>
              <dt>{t('send.reference')}</dt>
              <dd>{reference.trim()}</dd>
            </>
          )}
          <dt>{t('send.fromAccount')}</dt>
          <dd>
            @{me.alias} · {bankName}
          </dd>
        </dl>
        <ErrorNote message={error} />
        <button class="bank-button wide" disabled={busy} onClick={() => void send()}>
          {t('send.confirm')}
        </button>
        <button class="wide" type="button" disabled={busy} onClick={() => setPayee(null)}>
          {t('send.edit')}
        </button>
      </section>
    );
  return (
    <section>
      <h1>{t('send.title')}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void review();
        }}
      >
        <Field label={t('send.amountLabel', { symbol: currency.symbol })} inputMode="decimal" autoComplete="off" required value={amountText} onInput={(e) => setAmountText(e.currentTarget.value)} />
        <div class="field-with-action">
          <Field label={t('send.to')} hint={t('send.toHint')} autoCapitalize="none" autoComplete="off" spellcheck={false} required value={to} onInput={(e) => setTo(e.currentTarget.value)} />
          <button type="button" onClick={() => setScanning(true)}>
            {t('send.scan')}
          </button>
        </div>
        <Field label={t('send.referenceOptional')} maxLength={140} value={reference} onInput={(e) => setReference(e.currentTarget.value)} />
        <p class="muted">{t('send.available', { amount: formatAmount(me.balance, currency.exponent, i18n.language) })}</p>
        <ErrorNote message={error} />
        <button class="bank-button wide" disabled={busy}>
          {t('send.review')}
        </button>
      </form>
    </section>
  );
}

function ReceiveScreen({ me }: { me: Client }) {
  const { t } = useTranslation();
  if (!me.alias) return null;
  return (
    <section class="receive">
      <h1>{t('receive.title')}</h1>
      <p>{t('receive.intro')}</p>
      <QrCode text={`@${me.alias}`} label={t('receive.qrLabel', { alias: me.alias })} />
      <p class="alias-big">@{me.alias}</p>
      <button type="button" onClick={() => void navigator.clipboard?.writeText(`@${me.alias}`)}>
        {t('receive.copy')}
      </button>
    </section>
  );
}

function MovementScreen({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation();
  const { paymentId } = useParams<{ paymentId: string }>();
  const justSent = new URLSearchParams(useSearch()).get('sent') === '1';
  const payment = useSWR(['payment', paymentId], () => ok(api.GET('/instant-payments/payments/{paymentId}', { params: { path: { paymentId } } })), {
    refreshInterval: (latest) => (latest?.status === 'PENDING' ? 1000 : 0),
  });
  if (payment.error) return <ErrorNote message={errorText(t, payment.error)} />;
  const data = payment.data;
  if (!data) return <Loading label={t('common.loading')} />;
  return (
    <section>
      <h1>{justSent ? (data.status === 'FAILED' ? t('movement.failedTitle') : t('movement.sentTitle')) : t('movement.title')}</h1>
      <p class="movement-hero">
        <Money amount={data.amount} currency={currency} />
      </p>
      <p class={`status status-${data.status.toLowerCase()}`} role="status">
        {t(`status.${data.status}`)}
      </p>
      {data.failureCode && <ErrorNote message={t(`errors.${data.failureCode}`, { defaultValue: t('errors.UNKNOWN') })} />}
      <dl class="confirm">
        <dt>{t('movement.from')}</dt>
        <dd>@{data.senderAlias}</dd>
        <dt>{t('movement.to')}</dt>
        <dd>@{data.recipientAlias}</dd>
        <dt>{t('movement.kind')}</dt>
        <dd>{t(`kinds.${data.kind}`)}</dd>
        {data.reference && (
          <>
            <dt>{t('send.reference')}</dt>
            <dd>{data.reference}</dd>
          </>
        )}
        <dt>{t('movement.date')}</dt>
        <dd>{formatDateTime(data.createdAt, i18n.language)}</dd>
        {data.settledAt && (
          <>
            <dt>{t('movement.settled')}</dt>
            <dd>{formatDateTime(data.settledAt, i18n.language)}</dd>
          </>
        )}
      </dl>
      <Link class="button bank-button wide" href="/">
        {t('common.back')}
      </Link>
    </section>
  );
}

function Wallet() {
  const { t } = useTranslation();
  const config = useConfig();
  const banks = useBanks();
  const me = useMe();
  const bank = banks.data?.items.find((candidate) => candidate.organizationId === me.data?.organizationId);
  const currency: Currency = { symbol: config.data?.nativeToken.symbol ?? 'L', exponent: config.data?.nativeToken.exponent ?? 2 };
  if (me.error && !me.data) return <ErrorNote message={errorText(t, me.error)} />;
  if (!me.data || !config.data) return <Loading label={t('common.loading')} />;
  const client = me.data;
  return (
    <div class="wallet-screen" style={themeFrom(bank?.theme.primaryColor)}>
      <header class="wallet-top">
        <Link href="/" class="wallet-title">
          {bank?.name ?? t('wallet.name')}
        </Link>
        <LanguageSwitch />
        <button class="ghost small" type="button" onClick={() => void api.POST('/instant-payments/me/logout').finally(() => setCredentials(null))}>
          {t('wallet.signOut')}
        </button>
      </header>
      <main>
        <Switch>
          <Route path="/">
            <Home me={client} bank={bank} currency={currency} />
          </Route>
          <Route path="/alias">
            <AliasScreen me={client} onActivated={() => me.mutate()} />
          </Route>
          <Route path="/send">{client.alias ? <SendScreen me={client} currency={currency} bankName={bank?.name ?? ''} onSent={() => me.mutate()} /> : <AliasScreen me={client} onActivated={() => me.mutate()} />}</Route>
          <Route path="/receive">{client.alias ? <ReceiveScreen me={client} /> : <AliasScreen me={client} onActivated={() => me.mutate()} />}</Route>
          <Route path="/movements/:paymentId">
            <MovementScreen currency={currency} />
          </Route>
          <Route>
            <p>{t('common.notFound')}</p>
          </Route>
        </Switch>
      </main>
    </div>
  );
}

export function App() {
  const { t } = useTranslation();
  const credentials = useCredentials();
  const banks = useBanks();
  if (!credentials) return banks.data ? <Onboarding banks={banks.data.items} /> : <Loading label={t('common.loading')} />;
  return (
    <Router base="/wallet">
      <Wallet key={credentials.clientId} />
    </Router>
  );
}
