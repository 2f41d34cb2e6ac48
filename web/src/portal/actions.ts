import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/i18n';

/** Runs a form submission, keeping its busy flag and the error message for its code. */
export function useSubmit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

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
