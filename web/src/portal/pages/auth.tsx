import { useEffect, useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { ok, type Schemas } from '../../api/client';
import { errorText } from '../../shared/i18n';
import { ErrorNote, Field, Loading, SuccessNote } from '../../shared/ui';
import { LanguageSwitch } from '../layout';
import { useSubmit } from '../actions';
import { api, useSession } from '../session';

const MIN_PASSWORD = 12;

function AuthFrame({ title, children }: { title: string; children: preact.ComponentChildren }) {
  const { t } = useTranslation();
  return (
    <main class="auth">
      <div class="auth-box">
        <div class="auth-brand">
          <span class="brand-mark" aria-hidden="true">E</span>
          <span>{t('app.name')}</span>
          <LanguageSwitch />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** An auth page's form: its fields, the error of the last try and the one wide button that submits it. */
function AuthForm({ submit, busy, error, onSubmit, children }: { submit: string; busy: boolean; error: string | null; onSubmit: () => void; children: preact.ComponentChildren }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <ErrorNote message={error} />
      <button class="primary wide" disabled={busy}>
        {submit}
      </button>
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();
  return (
    <AuthFrame title={t('auth.signIn')}>
      <AuthForm
        submit={t('auth.signIn')}
        busy={busy}
        error={error}
        onSubmit={() =>
          void run(async () => {
            const result = await ok(api.POST('/auth/login', { body: { email, password } }));
            await session.signIn(result.accessToken);
            navigate('/dashboard');
          })
        }
      >
        <Field label={t('auth.email')} type="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        <Field label={t('auth.password')} type="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
      </AuthForm>
      <p class="auth-links">
        <Link href="/forgot-password">{t('auth.forgot')}</Link>
      </p>
    </AuthFrame>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useSubmit();
  return (
    <AuthFrame title={t('auth.forgotTitle')}>
      {sent ? (
        <SuccessNote message={t('auth.forgotSent')} />
      ) : (
        <AuthForm
          submit={t('auth.sendLink')}
          busy={busy}
          error={error}
          onSubmit={() =>
            void run(async () => {
              await ok(api.POST('/auth/forgot-password', { body: { email } }));
              setSent(true);
            })
          }
        >
          <p>{t('auth.forgotHelp')}</p>
          <Field label={t('auth.email')} type="email" autoComplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </AuthForm>
      )}
      <p class="auth-links">
        <Link href="/login">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthFrame>
  );
}

function NewPasswordFields({ password, confirm, onPassword, onConfirm }: { password: string; confirm: string; onPassword: (v: string) => void; onConfirm: (v: string) => void }) {
  const { t } = useTranslation();
  const mismatch = confirm.length > 0 && confirm !== password;
  return (
    <>
      <Field label={t('auth.newPassword')} type="password" autoComplete="new-password" required minLength={MIN_PASSWORD} hint={t('auth.passwordRule', { min: MIN_PASSWORD })} value={password} onInput={(e) => onPassword(e.currentTarget.value)} />
      <Field label={t('auth.confirmPassword')} type="password" autoComplete="new-password" required error={mismatch ? t('auth.mismatch') : null} value={confirm} onInput={(e) => onConfirm(e.currentTarget.value)} />
    </>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useSubmit();
  return (
    <AuthFrame title={t('auth.resetTitle')}>
      {!token ? (
        <ErrorNote message={t('auth.linkMissing')} />
      ) : done ? (
        <SuccessNote message={t('auth.resetDone')} />
      ) : (
        <AuthForm
          submit={t('auth.resetSubmit')}
          busy={busy}
          error={error}
          onSubmit={() => {
            if (password !== confirm) return;
            void run(async () => {
              await ok(api.POST('/auth/reset-password', { body: { token, password } }));
              setDone(true);
            });
          }}
        >
          <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        </AuthForm>
      )}
      <p class="auth-links">
        <Link href="/login">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthFrame>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [invitation, setInvitation] = useState<Schemas['InvitationPreview'] | null>(null);
  const [invalid, setInvalid] = useState<string | null>(token ? null : t('auth.linkMissing'));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, run } = useSubmit();
  useEffect(() => {
    if (!token) return;
    ok(api.GET('/invitations/validate/{token}', { params: { path: { token } } })).then(setInvitation, (failure) => setInvalid(errorText(t, failure)));
  }, [token]);
  return (
    <AuthFrame title={t('auth.registerTitle')}>
      {invalid ? (
        <ErrorNote message={invalid} />
      ) : !invitation ? (
        <Loading label={t('common.loading')} />
      ) : (
        <AuthForm
          submit={t('auth.registerSubmit')}
          busy={busy}
          error={error}
          onSubmit={() => {
            if (password !== confirm) return;
            void run(async () => {
              const result = await ok(api.POST('/auth/register', { body: { token, name, password } }));
              await session.signIn(result.accessToken);
              navigate('/dashboard');
            });
          }}
        >
          <p>{t('auth.registerIntro', { organization: invitation.organizationName, role: t(`roles.${invitation.role}`) })}</p>
          <Field label={t('auth.email')} type="email" value={invitation.email} readOnly />
          <Field label={t('auth.name')} autoComplete="name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        </AuthForm>
      )}
    </AuthFrame>
  );
}

