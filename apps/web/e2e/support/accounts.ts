/** The accounts the e2e server is seeded with (support/serve.ts) and the specs sign in as. */
export const accounts = {
  admin: { email: 'e2e-admin@example.com', password: 'e2e-admin-password', name: 'Erin Admin' },
  appUser: { email: 'e2e-walker@example.com', password: 'e2e-walker-password', name: 'Walt Walker' },
} as const;
