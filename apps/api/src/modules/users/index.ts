export { findUserByEmail, findUserById, insertUser, countAdmins, toSessionUser } from './service.js';
export type { UserWithRole } from './service.js';
export { userRoutes } from './routes.js';
