import type { ListResponse, UserListItem } from '@strideadmin/contract';
import type { SearchSelectItem } from '../../../components/multi-search-select';
import { api } from '../../../lib/api-client';

/** How many matches the "Chosen users" search shows at a time. */
export const userSearchLimit = 20;

/**
 * GET /users?name= (docs/behaviour.md §10): the app users whose name contains `text`, by name, as items of
 * the searchable user select (the e-mail tells two namesakes apart). Empty text lists the first
 * ones. Administrators are left out by the server (`role=User`): notifications go to app (User) accounts only (decision 0008).
 */
export const searchUsers = (text: string, signal?: AbortSignal): Promise<SearchSelectItem[]> =>
  api<ListResponse<UserListItem>>('/users', {
    query: { name: text.trim(), role: 'User', sort: 'name', order: 'asc', page: 1, limit: userSearchLimit },
    signal,
  }).then((r) => r.body.rows.map((u) => ({ id: u.id, label: u.name, description: u.email })));
