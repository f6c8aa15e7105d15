import { composeMail, type MailMessage } from '../../mail/index.js';

/** The account e-mails. Links are built from PUBLIC_URL only, never from a request's Host. */
export interface Recipient {
  name: string;
  email: string;
}

export const links = {
  reset: (publicUrl: string, token: string) => `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
  verify: (publicUrl: string, token: string) => `${publicUrl}/verify-account?token=${encodeURIComponent(token)}`,
  forgot: (publicUrl: string) => `${publicUrl}/forgot-password`,
};

export function resetPasswordMail(to: Recipient, resetUrl: string): MailMessage {
  return composeMail({
    to: to.email,
    name: to.name,
    subject: 'Reset your StrideAdmin password',
    paragraphs: [`We received a request to reset the password of the StrideAdmin account ${to.email}.`],
    links: [{ label: 'Choose a new password', url: resetUrl }],
    after: [
      'The link works once and expires in 1 hour. Using it signs you out everywhere else.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    reason: 'someone asked to reset the password of the account with this e-mail address',
  });
}

export function invitationMail(to: Recipient, verifyUrl: string, setPasswordUrl: string): MailMessage {
  return composeMail({
    to: to.email,
    name: to.name,
    subject: 'Your StrideAdmin account is ready',
    paragraphs: [
      `An administrator created an account for you with the e-mail address ${to.email}.`,
      'Please confirm that this address is yours, then choose your password.',
    ],
    links: [
      { label: 'Verify my e-mail address', url: verifyUrl },
      { label: 'Set my password', url: setPasswordUrl },
    ],
    after: ['Each link works once and expires in 7 days.', 'If you did not expect this, you can ignore this e-mail.'],
    reason: 'an administrator created an account with this e-mail address',
  });
}

export function passwordSetByAdminMail(to: Recipient, forgotUrl: string): MailMessage {
  return composeMail({
    to: to.email,
    name: to.name,
    subject: 'Your StrideAdmin password was changed',
    paragraphs: [
      `An administrator has reset the password of your account ${to.email}. You have been signed out everywhere.`,
      'Ask your administrator for the new password, or choose your own:',
    ],
    links: [{ label: 'Reset my password', url: forgotUrl }],
    after: ['If you did not expect this, please contact your administrator.'],
    reason: 'the password of the account with this e-mail address was changed',
  });
}

export function repeatedSignInFailuresMail(to: Recipient, forgotUrl: string, windowMinutes: number): MailMessage {
  return composeMail({
    to: to.email,
    name: to.name,
    subject: 'Failed sign-ins on your StrideAdmin account',
    paragraphs: [
      `Someone has tried many wrong passwords for your account ${to.email} in the last ${windowMinutes} minutes. None of these attempts signed in, and your password was not changed.`,
      'While this goes on, sign-ins to your account are limited. You can still sign in as usual from a device you signed in from recently, or from another network.',
      'If this was not you, choose a new password:',
    ],
    links: [{ label: 'Reset my password', url: forgotUrl }],
    after: [`If it was you, you can ignore this e-mail. We send it at most once every ${windowMinutes} minutes.`],
    reason: 'several sign-ins to the account with this e-mail address failed',
  });
}

export function verifyEmailMail(to: Recipient, verifyUrl: string): MailMessage {
  return composeMail({
    to: to.email,
    name: to.name,
    subject: 'Verify your StrideAdmin e-mail address',
    paragraphs: [
      `Welcome! Please confirm that ${to.email} is your e-mail address.`,
      'You can already sign in, walk and collect coins; gift cards can be redeemed once the address is verified.',
    ],
    links: [{ label: 'Verify my e-mail address', url: verifyUrl }],
    after: ['The link works once and expires in 7 days.', 'If you did not create this account, ignore this e-mail.'],
    reason: 'an account was created with this e-mail address',
  });
}

export function registerAttemptMail(to: Recipient, forgotUrl: string): MailMessage {
  return composeMail({
    to: to.email,
    name: to.name,
    subject: 'Someone tried to register with your address',
    paragraphs: [
      `Someone tried to create a new StrideAdmin account with your e-mail address ${to.email}. You already have an account, so no new account was created and nothing in yours was changed.`,
      'If it was you, sign in with your existing password. If you have forgotten it, choose a new one:',
    ],
    links: [{ label: 'Reset my password', url: forgotUrl }],
    after: ['If it was not you, you can ignore this e-mail: your account stays as it is.'],
    reason: 'someone tried to register a new account with this e-mail address',
  });
}
