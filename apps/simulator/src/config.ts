/**
 * What the simulator reads from the environment: the same variables a server started here reads
 * (DATA_DIR, PORT, ADMIN_EMAIL, ADMIN_PASSWORD), so that `npm run simulate` beside `npm start` needs
 * no options. Command-line options win over these (cli.ts).
 */
export interface SimulatorEnv {
  dataDir: string;
  port: string;
  adminEmail: string;
  adminPassword: string | undefined;
}

export function simulatorEnv(source: Record<string, string | undefined> = process.env): SimulatorEnv {
  return {
    dataDir: source.DATA_DIR ?? './data',
    port: source.PORT ?? '3000',
    adminEmail: source.ADMIN_EMAIL ?? 'admin@example.com',
    adminPassword: source.ADMIN_PASSWORD,
  };
}
