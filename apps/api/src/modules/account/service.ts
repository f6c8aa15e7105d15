import { messages } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../mail/index.js';
import { hashPassword, passwordProblem } from '../../plugins/auth/index.js';
import type { BackgroundTasks } from '../../plugins/background.js';
import {
  findUserByEmail,
  findUserById,
  markEmailVerified,
  setPasswordHash,
  type UserNotifier,
} from '../users/index.js';
import {
  invitationMail,
  links,
  passwordSetByAdminMail,
  registerAttemptMail,
  repeatedSignInFailuresMail,
  resetPasswordMail,
  verifyEmailMail,
} from './emails.js';
import { consumeToken, issueToken, peekToken, revokeTokens, tokenLifetimeMs } from './tokens.js';

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  /** config.publicUrl: the only origin links are built from. */
  publicUrl: string;
  now: () => Date;
  background: BackgroundTasks;
  /** LOGIN_FAILURE_WINDOW_SECONDS: the window the failed sign-in notice speaks of. */
  signInWindowSeconds?: number;
}

/** Forgot / reset password, verify account, and the e-mails an administrator's actions send. */
export class AccountService implements UserNotifier {
  constructor(private readonly deps: AccountDeps) {}

  /**
   * Forgot password. Returns at once: the lookup, the token and the e-mail happen after the answer,
   * so neither the answer nor its time tells whether the account exists. An unknown address or an
   * inactive account gets nothing.
   */
  requestPasswordReset(email: string): void {
    this.deps.background.run('forgot-password e-mail', async () => {
      const { db, now, publicUrl } = this.deps;
      const user = await findUserByEmail(db, email);
      if (!user?.isActive) return;
      const at = now();
      // A new link replaces the older ones (the invitation's set-password link included).
      await revokeTokens(db, user.id, 'reset', at);
      const token = await issueToken(db, user.id, 'reset', at, tokenLifetimeMs.reset);
      await this.deps.mailer.send(resetPasswordMail(user, links.reset(publicUrl, token)));
    });
  }

  /**
   * Sets the password of the reset token's user and uses the token (and every other reset link of
   * theirs). The new hash changes the fingerprint their sessions carry: all of them end. It also
   * proves the mailbox, so the e-mail counts as verified. The password rules of the user's role
   * apply (passwordProblem); a refused password leaves the token usable. The refusal's message, or
   * `linkInvalid` for an unusable token.
   */
  async resetPassword(token: string, password: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const { db, now } = this.deps;
    const linkInvalid = { ok: false, message: messages.accountLinkInvalid } as const;
    // Check and hash only for a token that can work (argon2 is the expensive part), then use it atomically.
    const holder = await peekToken(db, token, 'reset', now());
    const user = holder === undefined ? undefined : await findUserById(db, holder);
    if (!user) return linkInvalid;
    const problem = passwordProblem(password, user.roleName);
    if (problem) return { ok: false, message: problem };
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx) => {
      const at = now();
      const userId = await consumeToken(tx, token, 'reset', at);
      if (userId === undefined) return linkInvalid;
      await revokeTokens(tx, userId, 'reset', at);
      await setPasswordHash(tx, userId, passwordHash);
      await markEmailVerified(tx, userId, at);
      return { ok: true } as const;
    });
  }

  /** Verify account: marks the e-mail verified and uses the token. False for an unusable token. */
  async verifyAccount(token: string): Promise<boolean> {
    const { db, now } = this.deps;
    return db.transaction(async (tx) => {
      const at = now();
      const userId = await consumeToken(tx, token, 'verify', at);
      if (userId === undefined) return false;
      await markEmailVerified(tx, userId, at);
      return true;
    });
  }

  /** POST /users: invitation with a verify link and a set-password link (both valid 7 days). */
  userCreated(userId: number): void {
    this.deps.background.run('invitation e-mail', async () => {
      const { db, now, publicUrl } = this.deps;
      const user = await findUserById(db, userId);
      if (!user) return;
      const at = now();
      const verify = await issueToken(db, user.id, 'verify', at, tokenLifetimeMs.verify);
      const setPassword = await issueToken(db, user.id, 'reset', at, tokenLifetimeMs.invitation);
      await this.deps.mailer.send(
        invitationMail(user, links.verify(publicUrl, verify), links.reset(publicUrl, setPassword)),
      );
    });
  }

  /** POST /auth/register made a new account: a verify link (valid 7 days). */
  registered(userId: number): void {
    this.deps.background.run('verify e-mail', () => this.sendVerification(userId));
  }

  /**
   * POST /auth/register with an address that already has an account: its owner is told (with a
   * link to choose a new password); the account is not changed. An inactive account gets nothing.
   */
  registerAttempted(email: string): void {
    this.deps.background.run('register-attempt e-mail', async () => {
      const user = await findUserByEmail(this.deps.db, email);
      if (!user?.isActive) return;
      await this.deps.mailer.send(registerAttemptMail(user, links.forgot(this.deps.publicUrl)));
    });
  }

  /**
   * The signed-in user asks for a new verify link: sent in the background, replacing the older
   * ones. False when the address is verified already (nothing is sent).
   */
  async resendVerification(userId: number): Promise<boolean> {
    const user = await findUserById(this.deps.db, userId);
    if (!user || user.emailVerifiedAt !== null) return false;
    this.deps.background.run('verify e-mail', () => this.sendVerification(userId));
    return true;
  }

  private async sendVerification(userId: number): Promise<void> {
    const { db, now, publicUrl } = this.deps;
    const user = await findUserById(db, userId);
    if (!user || user.emailVerifiedAt !== null) return;
    const at = now();
    await revokeTokens(db, user.id, 'verify', at);
    const token = await issueToken(db, user.id, 'verify', at, tokenLifetimeMs.verify);
    await this.deps.mailer.send(verifyEmailMail(user, links.verify(publicUrl, token)));
  }

  /** PUT /users/updatepassword: a notice to the user, without the password. */
  passwordSetByAdmin(userId: number): void {
    this.deps.background.run('password-changed e-mail', async () => {
      const user = await findUserById(this.deps.db, userId);
      if (!user) return;
      await this.deps.mailer.send(passwordSetByAdminMail(user, links.forgot(this.deps.publicUrl)));
    });
  }

  /**
   * POST /auth/login: the account is protected after many failed sign-ins (at most once per window).
   * After the answer, like forgot password: an unknown address or an inactive account gets nothing.
   */
  repeatedSignInFailures(email: string): void {
    this.deps.background.run('failed sign-ins e-mail', async () => {
      const user = await findUserByEmail(this.deps.db, email);
      if (!user?.isActive) return;
      const minutes = Math.max(1, Math.round((this.deps.signInWindowSeconds ?? 900) / 60));
      await this.deps.mailer.send(repeatedSignInFailuresMail(user, links.forgot(this.deps.publicUrl), minutes));
    });
  }
}
