import { ApiError } from './api-client';

/**
 * The record as stored now, when a save was refused because it changed after the form was loaded
 * (409 with the fresh record as body: PUT /users, PUT /profile); undefined for any other failure.
 */
export function freshRecordOf<T>(err: unknown): T | undefined {
  return err instanceof ApiError && err.status === 409 && err.body ? (err.body as T) : undefined;
}
