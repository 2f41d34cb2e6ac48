import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { ok } from '../../api/client';
import { Card, ErrorNote, Field, SuccessNote } from '../../shared/ui';
import { api, useSession } from '../session';
import { useSubmit } from '../actions';

export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useSubmit();
  return (
    <>
      <h1>{t('settings.title')}</h1>
      <Card title={t('settings.profile')}>
        <dl class="facts">
          <dt>{t('auth.name')}</dt>
          <dd>{session.user?.name}</dd>
          <dt>{t('auth.email')}</dt>
          <dd>{session.user?.email}</dd>
          <dt>{t('settings.role')}</dt>
          <dd>{t(`roles.${session.user?.role}`)}</dd>
          <dt>{t('settings.address')}</dt>
          <dd class="mono">{session.user?.address}</dd>
        </dl>
      </Card>
      <Card title={t('settings.changePassword')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setDone(false);
            void run(async () => {
              await ok(api.POST('/auth/change-password', { body: { currentPassword, newPassword } }));
              setCurrent('');
              setNew('');
              setDone(true);
            });
          }}
        >
          <Field label={t('settings.currentPassword')} type="password" autoComplete="current-password" required value={currentPassword} onInput={(e) => setCurrent(e.currentTarget.value)} />
          <Field label={t('auth.newPassword')} type="password" autoComplete="new-password" required minLength={12} hint={t('auth.passwordRule', { min: 12 })} value={newPassword} onInput={(e) => setNew(e.currentTarget.value)} />
          <ErrorNote message={error} />
          <SuccessNote message={done ? t('settings.passwordChanged') : null} />
          <button class="primary" disabled={busy}>
            {t('settings.changePassword')}
          </button>
        </form>
      </Card>
    </>
  );
}
