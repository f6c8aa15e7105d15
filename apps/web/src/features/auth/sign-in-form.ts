import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { coreMessages, type LoginInput, type loginSchema as LoginSchema } from '@strideadmin/contract';
import { loadChunk } from '../../lib/load-chunk';
import { toast } from '../../lib/toast';

type Field = 'email' | 'password';
const fields: readonly Field[] = ['email', 'password'];
type Errors = Partial<Record<Field, string>>;

/**
 * The sign-in form's state without a form library, so /login stays light
 * (docs/decisions/0019-portal-loading.md): the same behaviour the other forms get from
 * react-hook-form through components/form.tsx (mode "onTouched"). A field is checked when it first
 * loses the focus, then on every change; after a submit, on every change. A submit checks both
 * fields, puts the focus on the first wrong one, or hands the checked values (the schema's output:
 * the email trimmed) to `save`. The rules are the contract's loginSchema, loaded on the first check
 * (features/auth/login-schema); when they cannot be loaded the form says so and does not submit.
 */
export function useSignInForm(
  loadSchema: () => Promise<typeof LoginSchema>,
  save: (values: LoginInput) => Promise<void>,
) {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const touched = useRef(new Set<Field>());
  const submitted = useRef(false);
  // Each field shows the outcome of its latest check (checks wait for the rules, then settle in order).
  const checks = useRef<Record<Field, number>>({ email: 0, password: 0 });
  const schema = useRef<Promise<typeof LoginSchema> | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const values = () => ({ email: inputs.current.email?.value ?? '', password: inputs.current.password?.value ?? '' });

  /** The checked values, or each field's first message; null when the rules could not be loaded. */
  async function check(): Promise<{ data?: LoginInput; errors: Errors } | null> {
    let rules: typeof LoginSchema;
    try {
      schema.current ??= loadChunk(loadSchema);
      rules = await schema.current;
    } catch (err) {
      // The rules could not be loaded (connection lost): say so, keep the form from submitting,
      // and try again on the next check.
      schema.current = undefined;
      console.error(err);
      toast.error(coreMessages.chunkLoadFailed);
      return null;
    }
    const result = await rules.safeParseAsync(values());
    if (result.success) return { data: result.data, errors: {} };
    const found: Errors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !found[field]) found[field] = issue.message;
    }
    return { errors: found };
  }

  async function checkField(field: Field) {
    const n = ++checks.current[field];
    const result = await check();
    if (!result || n !== checks.current[field]) return;
    setErrors((prev) => (prev[field] === result.errors[field] ? prev : { ...prev, [field]: result.errors[field] }));
  }

  const register = (field: Field) => ({
    name: field,
    ref: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
    onChange: (_e: ChangeEvent<HTMLInputElement>) => {
      const v = values();
      setDirty(v.email !== '' || v.password !== '');
      if (submitted.current || touched.current.has(field)) void checkField(field);
    },
    onBlur: () => {
      if (submitted.current) return;
      touched.current.add(field);
      void checkField(field);
    },
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitting(true);
    try {
      for (const f of fields) checks.current[f]++;
      const result = await check();
      if (!result) return;
      setErrors(result.errors);
      if (!result.data) {
        inputs.current[fields.find((f) => result.errors[f])!]?.focus();
        return;
      }
      await save(result.data);
    } finally {
      submitted.current = true;
      setSubmitting(false);
    }
  }

  return { register, errors, onSubmit, dirty, submitting };
}
