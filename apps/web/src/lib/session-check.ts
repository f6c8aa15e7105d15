// The stored session's schema (and with it zod), in a chunk of its own: a visitor with nothing
// stored (on /login) never loads it. lib/session loads it before reading a stored session.
export { storedSessionSchema } from '@strideadmin/contract';
