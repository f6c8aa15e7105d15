import { readFileSync } from 'node:fs';
import { messages, type RoleName, rolePasswordProblem } from '@strideadmin/contract';
import { commonPasswordsFile } from '../../paths.js';

let common: Set<string> | undefined;

/**
 * The most common passwords (resources/common-passwords.txt, lower case), read on first use and
 * kept: one file read per process. A missing file is an error, never a silently weaker rule.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const lines = readFileSync(commonPasswordsFile, 'utf8').split('\n');
    common = new Set(lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')));
  }
  return common;
}

/** Whether the password is one of the most common ones, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The rules every password set checks beyond the form's length limits (register, reset, change, an
 * administrator's update, the first administrator): an Admin-role account's password is at least
 * limits.adminPasswordMin characters, and no password is one of the most common ones. The message
 * to answer (400), or undefined when the password may be set.
 */
export function passwordProblem(password: string, role: RoleName): string | undefined {
  return rolePasswordProblem(password, role) ?? (isCommonPassword(password) ? messages.passwordTooCommon : undefined);
}
