export {
  conflictMessage,
  countAdmins,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  searchUsers,
  setPasswordHash,
  toSessionUser,
  updateUserColumns,
} from './service.js';
export type { EditConflict, SeenState, UserPatch, UserWithRole } from './service.js';
export { userRoutes, type UserNotifier } from './routes.js';
