export {
  countAdmins,
  findUserByEmail,
  findUserById,
  insertUser,
  refuse,
  setPasswordHash,
  toSessionUser,
  updateUserColumns,
} from './service.js';
export type { Refusal, UserPatch, UserWithRole } from './service.js';
export { authUserOf, userRoutes } from './routes.js';
