import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';

export function Field(props: { label: string; hint?: string; error?: string | null } & JSX.InputHTMLAttributes<HTMLInputElement>) {
  const { label, hint, error, ...input } = props;
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={hint || error ? `${id}-hint` : undefined} {...input} />
      {(hint || error) && (
        <p id={`${id}-hint`} class={error ? 'field-error' : 'field-hint'}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

/** The save and cancel buttons of an inline edit form (save submits the form). */
export const EditActions = ({ busy, saveLabel, cancelLabel, onCancel }: { busy: boolean; saveLabel: string; cancelLabel: string; onCancel: () => void }) => (
  <>
    <button class="primary" disabled={busy}>
      {saveLabel}
    </button>
    <button type="button" disabled={busy} onClick={onCancel}>
      {cancelLabel}
    </button>
  </>
);

export function Select(props: { label: string; children: ComponentChildren } & JSX.SelectHTMLAttributes<HTMLSelectElement>) {
  const { label, children, ...select } = props;
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
    </div>
  );
}

export const ErrorNote = ({ message }: { message: string | null }) =>
  message ? (
    <p class="note note-error" role="alert">
      {message}
    </p>
  ) : null;

export const SuccessNote = ({ message }: { message: string | null }) =>
  message ? (
    <p class="note note-success" role="status">
      {message}
    </p>
  ) : null;

export const Card = ({ title, children, actions }: { title?: string; children: ComponentChildren; actions?: ComponentChildren }) => (
  <section class="card" aria-label={title}>
    {(title || actions) && (
      <header class="card-head">
        {title && <h2>{title}</h2>}
        {actions && <div class="card-actions">{actions}</div>}
      </header>
    )}
    {children}
  </section>
);

/** A table under its column headers (false for a column the viewer does not get); with `empty`, that message stands instead of a table without rows. */
export function Table<Row>({ columns, rows, empty, children }: { columns: (string | false)[]; rows: Row[]; empty?: string; children: (row: Row) => ComponentChildren }) {
  if (empty && rows.length === 0) return <p class="empty">{empty}</p>;
  return (
    <table class="table">
      <thead>
        <tr>
          {columns.map(
            (column) =>
              column !== false && (
                <th key={column} scope="col">
                  {column}
                </th>
              ),
          )}
        </tr>
      </thead>
      <tbody>{rows.map((row) => children(row))}</tbody>
    </table>
  );
}

/** One figure of a `kpi-list`: what it counts, then the figure. */
export const KpiItem = ({ label, children }: { label: string; children: ComponentChildren }) => (
  <div>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

export const Loading = ({ label }: { label: string }) => (
  <p class="loading" role="status">
    {label}
  </p>
);
