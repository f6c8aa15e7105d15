/**
 * The messages of the session and of failures in general (docs/behaviour.md §5 and §8), which any screen may
 * show, signed in or not. A part of `messages` (messages.ts spreads them in: use either, never
 * restate one), kept in a module of its own so the portal's first screen loads these few lines
 * and not every message of the product (so /login stays light).
 */
export const coreMessages = {
  // docs/behaviour.md §5 / §8: auth
  onlyAdmin: 'Only admin can login here.',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  sessionExpired: 'Session expired. Please login again.',
  noResponse: 'Something went wrong. Please try again later.',

  // ours (spec silent): a screen's code that could not be downloaded
  chunkLoadFailed: 'This screen could not be loaded. Check your connection and try again.',

  // docs/behaviour.md §13: a shell screen the signed-in role may not use (the router's guard, in the
  // portal's first chunk, shows it)
  pageNotAllowed: 'You do not have access to this page.',
} as const;
