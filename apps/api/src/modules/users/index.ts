export {
  conflictMessage,
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
export type { EditConflict, Refusal, SeenState, UserPatch, UserWithRole } from './service.js';
export { authUserOf, userRoutes, type UserNotifier } from './routes.js';
