import { parseArgs } from 'node:util';
import { seedLimits } from './seed.js';

export const seedUsage = `Usage: npm run seed -- --users N [--seed S] [--force] [--days D]

Fills the database the server uses (DATABASE_URL, else PGlite in DATA_DIR/db) with demo data:
N app users with their step history, coin ledger, quiz answers, gift box openings, redeemed gift
cards, complaint queries and notifications, plus quiz questions, gift box configs and gift cards.
The same N and S give the same data. A second run replaces the earlier demo data.

  --users N   how many demo app users (1 to ${seedLimits.usersMax.toLocaleString('en-US')}; default 1,000)
  --seed S    random seed, a whole number (default 1)
  --days D    days of step history per user, ending today (default 30)
  --force     run even when the database holds data that is not demo data (it is kept)
  --help      this text`;

export interface SeedArgs {
  users: number;
  seed: number;
  days: number;
  force: boolean;
  help: boolean;
}

/** A whole number from the command line ("1000000", "1_000_000" or "1,000,000"). */
function wholeNumber(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const clean = text.replace(/[_,]/g, '');
  const value = Number(clean);
  if (!/^\d+$/.test(clean) || !Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')} (got "${text}")`);
  return value;
}

/** The seed command's arguments; throws with a readable message on a bad one. */
export function parseSeedArgs(argv: string[]): SeedArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: 'string' },
      seed: { type: 'string' },
      days: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    users: wholeNumber('users', values.users, 1000, 1, seedLimits.usersMax),
    seed: wholeNumber('seed', values.seed, 1, 0, 4294967295),
    days: wholeNumber('days', values.days, 30, 1, seedLimits.daysMax),
    force: values.force,
    help: values.help,
  };
}
