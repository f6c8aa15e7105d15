export {
  countAdmins,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  refuse,
  setPasswordHash,
  toSessionUser,
  updateUserColumns,
} from './service.js';
export type { Refusal, UserPatch, UserWithRole } from './service.js';
export { authUserOf, userRoutes, type UserNotifier } from './routes.js';
