import { createApi } from '../api/client';

const STORAGE_KEY = 'emisor.wallet';

export interface WalletCredentials {
  clientId: string;
  clientToken: string;
}

let credentials: WalletCredentials | null = (() => {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as WalletCredentials | null;
    return saved?.clientId && saved.clientToken ? saved : null;
  } catch {
    return null;
  }
})();

const listeners = new Set<() => void>();

export const getCredentials = () => credentials;

export function setCredentials(next: WalletCredentials | null) {
  credentials = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

export const onCredentialsChange = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Client tokens are not renewable: an expired or revoked one sends the customer back to the start. */
export const api = createApi({
  get: () => credentials?.clientToken ?? null,
  renew: async () => {
    setCredentials(null);
    return null;
  },
});
