import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { createApi, createAuthorizedFetch, ok, type Schemas } from '../api/client';
import { setLocale } from '../shared/i18n';

type Action = 'read' | 'create' | 'manage';
export type Subject = keyof Schemas['Abilities']['abilities'];

let accessToken: string | null = null;
let renewing: Promise<string | null> | null = null;
let onSessionEnded: () => void = () => undefined;

async function refreshAccessToken(): Promise<string | null> {
  const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) return null;
  return ((await response.json()) as Schemas['AccessToken']).accessToken;
}

/** One renewal at a time: concurrent 401s share it, so the refresh cookie is rotated once. */
function renew(): Promise<string | null> {
  renewing ??= refreshAccessToken().then((token) => {
    accessToken = token;
    renewing = null;
    if (!token) onSessionEnded();
    return token;
  });
  return renewing;
}

export const api = createApi({ get: () => accessToken, renew });
export const authorizedFetch = createAuthorizedFetch({ get: () => accessToken, renew });

interface SessionState {
  status: 'loading' | 'anonymous' | 'ready';
  user: Schemas['User'] | null;
  abilities: Schemas['Abilities'] | null;
}

interface Session extends SessionState {
  /** The same rule set the API enforces (manage ⊇ create ⊇ read); the UI only hides, the API decides. */
  can(action: Action, subject: Subject): boolean;
  /** The caller as an API answer returned it (after changing their own settings). */
  setUser(user: Schemas['User']): void;
  signIn(token: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null, abilities: null });

  const load = useCallback(async () => {
    const [user, abilities] = await Promise.all([ok(api.GET('/users/me')), ok(api.GET('/users/me/abilities'))]);
    setLocale(user.locale);
    setState({ status: 'ready', user, abilities });
  }, []);

  useEffect(() => {
    onSessionEnded = () => setState({ status: 'anonymous', user: null, abilities: null });
    renew().then((token) => (token ? load() : onSessionEnded()), onSessionEnded);
  }, [load]);

  const session = useMemo<Session>(
    () => ({
      ...state,
      can: (action, subject) => state.abilities?.abilities[subject]?.includes(action) ?? false,
      setUser: (user) => setState((current) => ({ ...current, user })),
      signIn: async (token) => {
        accessToken = token;
        await load();
      },
      signOut: async () => {
        await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {} }).catch(() => undefined);
        accessToken = null;
        onSessionEnded();
      },
    }),
    [state, load],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
