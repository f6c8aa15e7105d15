import type { LoginInput, LoginResponse } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';

/** POST /auth/login (docs/behaviour.md §7): the portal always sends adminPortal: true. */
export function login(input: LoginInput) {
  return api<LoginResponse>('/auth/login', { method: 'POST', body: { ...input, adminPortal: true } });
}
