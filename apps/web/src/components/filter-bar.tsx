import { useState, type FormEvent } from 'react';
import type { DropdownOption } from '@strideadmin/contract';
import { Button } from './button';
import { Select } from './select';
import { TextInput } from './text-input';

/** One search filter of a list screen (docs/behaviour.md §2 Search filters): a text input, a date or a Yes/No-style select. */
export type FilterField<K extends string> =
  | { name: K; label: string; type?: 'text'; placeholder?: string; inputMode?: 'text' | 'email' | 'numeric' }
  | { name: K; label: string; type: 'date' }
  | { name: K; label: string; type: 'select'; options: readonly DropdownOption<string>[]; allLabel?: string };

export type FilterValues<K extends string> = Partial<Record<K, string | undefined>>;

const allOptionId = -1;

/**
 * A list screen's filters. Typing edits a draft; Search (or Enter) applies it, so each applied
 * filter is one history entry and Back steps through them. A select applies its option's value.
 * When the applied filters change from outside (Back, a link), the draft follows them.
 */
export function FilterBar<K extends string>({
  fields,
  values,
  onApply,
  onClear,
  label = 'Filters',
}: {
  fields: readonly FilterField<K>[];
  /** The applied filters (from the URL). */
  values: FilterValues<K>;
  /** Called with the trimmed, non-empty values only. */
  onApply: (values: FilterValues<K>) => void;
  onClear: () => void;
  label?: string;
}) {
  const toDraft = (v: FilterValues<K>) =>
    Object.fromEntries(fields.map((f) => [f.name, v[f.name] ?? ''])) as Record<K, string>;
  const [draft, setDraft] = useState(() => toDraft(values));
  const appliedKey = JSON.stringify(toDraft(values));
  const [seenApplied, setSeenApplied] = useState(appliedKey);
  // The filters this bar asked for last: when the URL catches up with them (a navigation renders
  // a moment later), the draft stays as it is, with whatever was typed meanwhile.
  const [requested, setRequested] = useState<string | null>(null);
  if (seenApplied !== appliedKey) {
    // React's "adjust state when a prop changes": the URL moved, by us or from outside (Back, a link).
    setSeenApplied(appliedKey);
    if (requested !== appliedKey) setDraft(toDraft(values));
    setRequested(null);
  }

  const isApplied = fields.some((f) => (values[f.name] ?? '') !== '');
  const isDrafted = fields.some((f) => draft[f.name].trim() !== '');
  const set = (name: K, value: string) => setDraft((d) => ({ ...d, [name]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const applied: FilterValues<K> = {};
    for (const f of fields) {
      const v = draft[f.name].trim();
      if (v !== '') applied[f.name] = v;
    }
    setRequested(JSON.stringify(toDraft(applied)));
    onApply(applied);
  };

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {fields.map((f) =>
        f.type === 'select' ? (
          <div key={f.name} className="w-full sm:w-48">
            <Select<string>
              label={f.label}
              name={f.name}
              options={[{ id: allOptionId, label: f.allLabel ?? 'All', value: '' }, ...f.options]}
              value={draft[f.name]}
              onChange={(v) => set(f.name, v)}
            />
          </div>
        ) : f.type === 'date' ? (
          <TextInput
            key={f.name}
            label={f.label}
            name={f.name}
            type="date"
            value={draft[f.name]}
            onChange={(e) => set(f.name, e.target.value)}
            className="w-full sm:w-44"
          />
        ) : (
          <TextInput
            key={f.name}
            label={f.label}
            name={f.name}
            type="search"
            inputMode={f.inputMode}
            placeholder={f.placeholder}
            autoComplete="off"
            value={draft[f.name]}
            onChange={(e) => set(f.name, e.target.value)}
            className="w-full sm:w-60"
          />
        ),
      )}
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
        <Button
          variant="secondary"
          className="disabled:opacity-50"
          disabled={!isApplied && !isDrafted}
          onClick={() => {
            setDraft(toDraft({}));
            if (isApplied) onClear();
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
