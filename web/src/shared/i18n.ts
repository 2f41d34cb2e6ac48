import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ApiError } from '../api/client';
import { errorMessages } from './errors';

export type Locale = 'es' | 'en';
export const LOCALES: readonly Locale[] = ['es', 'en'];
const STORAGE_KEY = 'emisor.locale';

type Dictionary = { [key: string]: string | Dictionary };

/** Spanish is the deployment's default; a visitor's last choice is remembered until a user's saved locale applies. */
export function initialLocale(): Locale {
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved === 'en' || saved === 'es' ? saved : 'es';
}

export function initI18n(messages: Record<Locale, Dictionary>) {
  const lng = initialLocale();
  void i18next.use(initReactI18next).init({
    resources: {
      es: { translation: { ...messages.es, errors: errorMessages.es } },
      en: { translation: { ...messages.en, errors: errorMessages.en } },
    },
    lng,
    fallbackLng: 'es',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

export function setLocale(locale: Locale) {
  localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  void i18next.changeLanguage(locale);
}

/** A check the page itself makes, whose message is already translated. */
export class UserFacingError extends Error {}

/** What to tell the user about a failed call: the message for its code, never a raw server text. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds) return t('errors.RATE_LIMITED_SECONDS', { seconds: error.retryAfterSeconds });
    if (i18next.exists(`errors.${error.code}`)) return t(`errors.${error.code}`);
    return error.problem.title ?? t('errors.UNKNOWN');
  }
  if (error instanceof UserFacingError) return error.message;
  if (error instanceof TypeError) return t('errors.NETWORK');
  return t('errors.UNKNOWN');
}
