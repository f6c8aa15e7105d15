import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';

/** POST auth/forgot_password (docs/behaviour.md §5 Forgot password): valid, max 255, required. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: ifMissing(messages.emailRequired) })
    .trim()
    .min(1, { message: messages.emailRequired, abort: true })
    .max(limits.emailMax, messages.emailInvalidForgot)
    .pipe(z.email(messages.emailInvalidForgot)),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

const resetPassword = z
  .string({ error: ifMissing(messages.resetNewPasswordRequired) })
  .min(1, { message: messages.resetNewPasswordRequired, abort: true })
  .min(limits.passwordMin, messages.passwordMinReset)
  .max(limits.passwordMax, messages.passwordMaxReset);

const tempCode = z
  .string({ error: messages.accountLinkInvalid })
  .min(1, messages.accountLinkInvalid)
  .max(512, messages.accountLinkInvalid);

/** POST auth/reset_password (docs/behaviour.md §7): password and temp_code (the link's token). */
export const resetPasswordSchema = z.object({ password: resetPassword, temp_code: tempCode });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The Reset Password form (docs/behaviour.md §5): new password and confirmation, same bounds, must match. */
export const resetPasswordFormSchema = z
  .object({ password: resetPassword, confirmPassword: resetPassword })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });

/** POST auth/verifyToken (docs/behaviour.md §7). */
export const verifyTokenSchema = z.object({ temp_code: tempCode });
