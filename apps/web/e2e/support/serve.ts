// The server the browser tests run against: the real, compiled server (as `npm start` runs it) on a fresh
// embedded database, with the accounts of accounts.ts created through the real services first.
import path from 'node:path';
import { loadConfig } from '../../../api/src/config.js';
import { openPglite } from '../../../api/src/db/client.js';
import { insertUser } from '../../../api/src/modules/users/index.js';
import { hashPassword } from '../../../api/src/plugins/auth/index.js';
import { accounts } from './accounts.js';

process.env.ADMIN_EMAIL = accounts.admin.email;
process.env.ADMIN_PASSWORD = accounts.admin.password;
process.env.ADMIN_NAME = accounts.admin.name;

const config = loadConfig();
const database = await openPglite({ dataDir: path.join(config.dataDir, 'db') });
await database.migrate();
await insertUser(database.db, {
  name: accounts.appUser.name,
  email: accounts.appUser.email,
  passwordHash: await hashPassword(accounts.appUser.password),
  role: 'User',
});
await database.close();

// The compiled server, as `npm start` and the container run it (npm test builds it first).
await import(new URL('../../../api/dist/server.js', import.meta.url).href);
