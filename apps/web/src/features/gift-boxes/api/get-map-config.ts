import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapConfig } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftBoxKeys } from './keys';

/**
 * GET /config/map: the map's tile URL, attribution, zoom and centre come from the server's
 * configuration, so no tile URL or key is ever part of the client bundle.
 */
export const getMapConfig = (signal?: AbortSignal) => api<MapConfig>('/config/map', { signal }).then((r) => r.body);

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: giftBoxKeys.mapConfig(),
    queryFn: ({ signal }) => getMapConfig(signal),
    // Configuration changes with a server restart at most.
    staleTime: Infinity,
  });

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}
