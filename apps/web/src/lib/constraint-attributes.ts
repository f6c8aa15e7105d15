import type { z } from 'zod';

/** The HTML attributes a field's rule implies (docs/behaviour.md §5): what a browser, an assistive technology or a password manager reads. */
export interface ConstraintAttributes {
  required?: true;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
}

/** Just enough of zod's definitions (`schema._zod.def`) to read a field's rule. */
interface Def {
  type: string;
  shape?: Record<string, { _zod: { def: Def } }>;
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  checks?: Array<{ _zod: { def: CheckDef } }>;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint | Date;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Whether the browser takes `source` as an input's pattern (compiled with the v flag; an invalid one is an error in the console). */
function validPattern(source: string): boolean {
  try {
    new RegExp(`^(?:${source})$`, 'v');
    return true;
  } catch {
    return false;
  }
}

function fieldAttributes(schema: unknown): ConstraintAttributes {
  let def = defOf(schema);
  let optional = false;
  // The value the form holds: under optional/nullable/default and a pipe's input side.
  for (;;) {
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    if (def.innerType) def = def.innerType._zod.def;
    else if (def.type === 'pipe' && def.in) def = def.in._zod.def;
    else break;
  }
  const out: ConstraintAttributes = {};
  for (const { _zod } of def.checks ?? []) {
    const c = _zod.def;
    if (c.check === 'min_length' && c.minimum !== undefined) out.minLength = c.minimum;
    else if (c.check === 'max_length' && c.maximum !== undefined) out.maxLength = c.maximum;
    else if (c.check === 'length_equals' && c.length !== undefined) out.minLength = out.maxLength = c.length;
    else if (c.check === 'greater_than' && typeof c.value === 'number' && c.inclusive) out.min = c.value;
    else if (c.check === 'less_than' && typeof c.value === 'number' && c.inclusive) out.max = c.value;
    else if (c.check === 'string_format' && c.pattern && validPattern(c.pattern.source)) {
      // An input's pattern must match the whole value: the rule's anchors are implied.
      out.pattern = c.pattern.source.replace(/^\^/, '').replace(/\$$/, '');
    }
  }
  const filled = def.type === 'string' ? (out.minLength ?? 0) > 0 : def.type !== 'boolean';
  if (!optional && filled) out.required = true;
  // A single character is what "required" already says.
  if (out.minLength === 1) delete out.minLength;
  return out;
}

const cache = new WeakMap<object, Record<string, ConstraintAttributes>>();

/**
 * The attributes each top-level field of a form's schema implies: required, minLength/maxLength,
 * min/max and pattern, read from the same zod rules that check the form. Forms keep `noValidate`:
 * the messages are the contract's, never the browser's bubbles.
 */
export function constraintAttributes(schema: z.ZodType): Record<string, ConstraintAttributes> {
  const hit = cache.get(schema);
  if (hit) return hit;
  let def = defOf(schema);
  while (def.type === 'pipe' && def.in) def = def.in._zod.def;
  const out: Record<string, ConstraintAttributes> = {};
  for (const [name, field] of Object.entries(def.type === 'object' ? (def.shape ?? {}) : {}))
    out[name] = fieldAttributes(field);
  cache.set(schema, out);
  return out;
}
