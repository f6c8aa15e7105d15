import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { genders, type RoleName, roleNames } from '../options.js';
import { sessionUserSchema, emailField } from './auth.js';
import { listQueryBase } from './common.js';
import { dobField, idField, nameField, nonNegativeNumber, passwordField, passwordFieldFor } from './fields.js';
import { giftCardSchema } from './gift-cards.js';

const gender = z.enum(genders, { error: messages.genderInvalid });
const role = z.enum(roleNames, { error: messages.roleInvalid });
const height = nonNegativeNumber(limits.heightMaxCm, { required: messages.heightRequired });
const weight = nonNegativeNumber(limits.weightMaxKg, { required: messages.weightRequired });
const totalCoins = nonNegativeNumber(limits.int32Max, { integer: true, required: messages.totalCoinsRequired });
const dailyFSGoal = nonNegativeNumber(limits.int32Max, { integer: true, required: messages.dailyFSGoalRequired });

/**
 * The number fields of a person's form (Add user, Update user, Profile): each shown with a value,
 * so one left empty is refused with its own "... is required" (docs/behaviour.md §5), even where
 * the call may leave it out (POST /users takes 0, PUT /profile keeps the stored value).
 */
const personFormNumbers = { height, weight, totalCoins, dailyFSGoal };

/** POST /users (docs/behaviour.md §7; §5 Add user). Tracking defaults to Disabled (docs/behaviour.md §3). */
export const createUserSchema = z.object({
  name: nameField,
  email: emailField,
  height: height.default(0),
  weight: weight.default(0),
  gender: gender.nullable().default(null),
  totalCoins: totalCoins.default(0),
  dailyFSGoal: dailyFSGoal.default(0),
  role: role.default('User'),
  isTracking: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;
/** The Add User form: the call's fields, every number field filled in. */
export const createUserFormSchema = createUserSchema.extend(personFormNumbers);

/**
 * What a form saw when it was loaded, sent back with its save so that nothing that happened
 * meanwhile is undone (PUT /users, PUT /profile). Both optional: a client that sends neither gets
 * the old behaviour (the row is overwritten, totalCoins set as sent).
 * - `version`: the user's version the form showed; a save on an older one is refused with 409.
 * - `coinsSeen`: the balance the form showed; the coins then change by totalCoins − coinsSeen
 *   (nothing when equal), whatever the ledger did meanwhile, never below 0.
 */
export const seenStateFields = {
  version: z.number().int().positive().max(limits.int32Max).optional(),
  coinsSeen: totalCoins.optional(),
};

/** PUT /users (docs/behaviour.md §7; §5 Update user). */
export const updateUserSchema = z.object({
  ...seenStateFields,
  updateId: idField,
  name: nameField,
  dob: dobField.nullable().default(null),
  height,
  weight,
  gender: gender.nullable(),
  totalCoins,
  dailyFSGoal,
  isActive: z.boolean(),
  isTracking: z.boolean(),
  role,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** PUT /users/updatepassword (docs/behaviour.md §7). */
export const updateUserPasswordSchema = z.object({
  updateId: idField,
  password: passwordField(messages.newPasswordPlease),
});

/**
 * The Reset User Password form (docs/behaviour.md §5): the call's rule plus a confirmation, and the rule of the
 * user's role (an administrator's password is longer).
 */
export const resetUserPasswordFormSchema = (role: RoleName) =>
  z
    .object({
      password: passwordFieldFor(role, messages.newPasswordPlease),
      confirmPassword: z
        .string({ error: ifMissing(messages.confirmPasswordPlease) })
        .min(1, messages.confirmPasswordPlease)
        .min(limits.passwordMin, messages.passwordMin),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: messages.passwordsNeedSame,
    });

/**
 * PUT /profile (docs/behaviour.md §7; §5 Profile). Only the signed-in user's own id. A field left out stays as
 * stored (the form's defaults of 0 are the form's, not the call's); null clears dob, gender and
 * the picture.
 */
export const updateProfileSchema = z.object({
  ...seenStateFields,
  updateId: idField,
  name: nameField,
  dob: dobField.nullable().optional(),
  height: height.optional(),
  weight: weight.optional(),
  profilePic: z.string().max(2048).nullable().optional(),
  gender: gender.nullable().optional(),
  totalCoins: totalCoins.optional(),
  dailyFSGoal: dailyFSGoal.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
/** The Profile form: the call's fields, every number field filled in. */
export const profileFormSchema = updateProfileSchema.extend(personFormNumbers);
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** POST /profile/change_password (docs/behaviour.md §7; §5 Change password). */
export const changePasswordSchema = z.object({
  oldPassword: z
    .string({ error: ifMissing(messages.oldPasswordRequired) })
    .min(1, messages.oldPasswordRequired)
    .max(limits.passwordMax),
  newPassword: passwordField(messages.newPasswordRequired),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
/** The Change Password form of the portal, whose signed-in user is an administrator. */
export const changePasswordFormSchema = changePasswordSchema.extend({
  newPassword: passwordFieldFor('Admin', messages.newPasswordRequired),
});

/** GET /users (docs/behaviour.md §10 list calls). */
export const userSortColumns = ['id', 'name', 'email', 'totalCoins', 'dailyFSGoal', 'isActive', 'createdAt'] as const;
const filterText = z.string().trim().max(255).optional();
export const listUsersQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(userSortColumns).default('createdAt'),
  name: filterText,
  email: filterText,
  /** Only accounts of this role (the notification form's user search picks app users). */
  role: z.enum(roleNames, { error: messages.roleInvalid }).optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const userListItemSchema = sessionUserSchema.omit({ roleName: true }).extend({
  Role: z.object({ name: z.enum(roleNames) }),
  /** When the user erased their account from the app (DELETE /app/me); null: not erased. */
  deletedAt: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /users/{id} (docs/behaviour.md §7): the user with `Role { name }` and the gift cards they redeemed. */
export const userDetailSchema = userListItemSchema.extend({
  updatedAt: z.string(),
  /** Moves on every edit of the account's fields, never on coin movements (see seenStateFields). */
  version: z.number().int(),
  /** Since when the user's steps look implausible (messages.stepsFlagReason); null: not flagged. */
  stepsFlaggedAt: z.string().nullable(),
  GiftCards: z.array(giftCardSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET /profile, PUT /profile: the session user and the version the profile form sends back. */
export const profileSchema = sessionUserSchema.extend({ version: z.number().int() });
export type Profile = z.infer<typeof profileSchema>;

/** The 409 of PUT /users and PUT /profile: what is stored now, for the form to show. */
export function conflictEnvelope<T extends z.ZodType>(body: T) {
  return z.object({ message: z.string(), body });
}

/** POST /profile/change_password answers a fresh token for this session. */
export const freshTokenSchema = z.object({ token: z.string() });
