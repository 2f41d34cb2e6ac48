import { useRef } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { Field } from '../shared/ui';

/** Whether a range of days (YYYY-MM-DD, which order as text) ends before it starts: the API refuses it. */
export const endsBeforeStart = (from: string, to: string) => from !== '' && to !== '' && to < from;

/**
 * The range a view asks for: the last one typed that does not end before it starts, so a range half
 * typed (a new From after the old To) leaves the view as it was while its field says why.
 */
export function useAppliedRange(from: string, to: string): { from?: string; to?: string } {
  const applied = useRef<{ from?: string; to?: string }>({});
  if (!endsBeforeStart(from, to)) applied.current = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return applied.current;
}

/** The From and To days of a view or a download, each bounding the other's picker. */
export function DateRange({ from, to, onFrom, onTo }: { from: string; to: string; onFrom: (v: string) => void; onTo: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('common.from')} type="date" value={from} max={to || undefined} onInput={(e) => onFrom(e.currentTarget.value)} />
      <Field
        label={t('common.to')}
        type="date"
        value={to}
        min={from || undefined}
        error={endsBeforeStart(from, to) ? t('common.rangeEndsBeforeStart') : null}
        onInput={(e) => onTo(e.currentTarget.value)}
      />
    </>
  );
}
