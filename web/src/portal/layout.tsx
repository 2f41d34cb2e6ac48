import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter-preact';
import { LOCALES, setLocale, type Locale } from '../shared/i18n';
import { api, useSession, type Subject } from './session';

export function LanguageSwitch({ persist = false }: { persist?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <label class="language">
      <span class="sr-only">{t('common.language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          const locale = event.currentTarget.value as Locale;
          setLocale(locale);
          // The signed-in user's choice is saved, so it follows them to other devices.
          if (persist) void api.PATCH('/users/me/locale', { body: { locale } });
        }}
      >
        {LOCALES.map((locale) => (
          <option value={locale} key={locale}>
            {t(`locales.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

interface NavItem {
  href: string;
  label: string;
  visible: boolean;
}

export function Layout({ children }: { children: ComponentChildren }) {
  const { t } = useTranslation();
  const session = useSession();
  const [location] = useLocation();
  const can = (action: 'read' | 'create' | 'manage', subject: Subject) => session.can(action, subject);
  const central = session.abilities?.organizationType === 'CENTRAL';
  const nav: NavItem[] = [
    { href: '/dashboard', label: t('nav.dashboard'), visible: can('read', 'Dashboard') },
    { href: '/accounts', label: t('nav.accounts'), visible: can('read', 'Multisig') },
    { href: '/my-tasks', label: t('nav.myTasks'), visible: can('create', 'Vote') },
    { href: '/instant-payments', label: t('nav.instantPayments'), visible: central ? can('read', 'InstantPaymentOversight') : can('read', 'InstantPayment') },
    { href: '/bridging', label: t('nav.bridging'), visible: can('manage', 'Bridging') },
    { href: '/exports', label: t('nav.exports'), visible: can('read', 'Export') },
    { href: '/address-book', label: t('nav.addressBook'), visible: can('read', 'AddressBook') },
    { href: '/control-panel', label: t('nav.controlPanel'), visible: can('read', 'Organization') },
    { href: '/settings', label: t('nav.settings'), visible: true },
  ];
  return (
    <div class="shell">
      <a class="skip" href="#main">
        {t('common.skipToContent')}
      </a>
      <header class="topbar">
        <span class="brand">
          <span class="brand-mark" aria-hidden="true">E</span> {t('app.name')}
        </span>
        <span class="topbar-user">
          {session.user?.name} · {t(`roles.${session.user?.role}`)} · {t(`orgTypes.${session.abilities?.organizationType}`)}
        </span>
        <LanguageSwitch persist />
        <button class="ghost" onClick={() => void session.signOut()}>
          {t('auth.signOut')}
        </button>
      </header>
      <nav class="sidebar" aria-label={t('nav.label')}>
        <ul>
          {nav
            .filter((item) => item.visible)
            .map((item) => (
              <li key={item.href}>
                <Link href={item.href} class={location.startsWith(item.href) ? 'active' : ''} aria-current={location.startsWith(item.href) ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <main id="main" class="content">
        {children}
      </main>
    </div>
  );
}
