import { useState } from 'preact/hooks';
import { useSubmit } from './pages/auth';

/**
 * A panel's changes: each clears the last confirmation, does its work, reloads the data it changed and
 * only then confirms with its own message, so the confirmation never stands beside stale rows.
 */
export function useActions(reload: () => Promise<unknown>) {
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  const act = (work: () => Promise<unknown>, message: string) =>
    run(async () => {
      setNotice(null);
      await work();
      await reload();
      setNotice(message);
    });
  return { busy, error, notice, act };
}
