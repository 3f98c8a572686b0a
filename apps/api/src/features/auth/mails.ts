import type { MailMessage } from '../../plugins/mail.ts';

const APP = 'Nutrition Tracker';

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#222"><h2>${title}</h2>${body}<p style="color:#777;font-size:12px">${APP}</p></body></html>`;
}

export function verificationMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `${APP}: your verification code`,
    text: `Your verification code is ${code}\n\nEnter it in the app to confirm your e-mail address. It expires in 10 minutes.\nIf you did not create an account, ignore this message.`,
    html: layout('Confirm your e-mail address', [
      `Your verification code is <strong style="font-size:22px;letter-spacing:4px">${code}</strong>`,
      'Enter it in the app to confirm your e-mail address. It expires in 10 minutes.',
      'If you did not create an account, ignore this message.',
    ]),
  };
}

export function resetMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `${APP}: reset your password`,
    text: `Your password reset code is ${code}\n\nEnter it in the app with your new password. It expires in 10 minutes.\nIf you did not ask to reset your password, ignore this message: your password stays as it is.`,
    html: layout('Reset your password', [
      `Your password reset code is <strong style="font-size:22px;letter-spacing:4px">${code}</strong>`,
      'Enter it in the app with your new password. It expires in 10 minutes.',
      'If you did not ask to reset your password, ignore this message: your password stays as it is.',
    ]),
  };
}

/** The code a signed-in account without a password enters to set its first one (POST /settings/set-password). */
export function setPasswordMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `${APP}: your code to set a password`,
    text: `Your code to set a password is ${code}\n\nEnter it in the app's settings to set a password for your account. It expires in 10 minutes.\nIf you did not ask for it, someone may be signed in to your account: log out in the app (that signs out every device) and ignore this message. Nothing changes without the code.`,
    html: layout('Set a password', [
      `Your code to set a password is <strong style="font-size:22px;letter-spacing:4px">${code}</strong>`,
      "Enter it in the app's settings to set a password for your account. It expires in 10 minutes.",
      "If you did not ask for it, someone may be signed in to your account: log out in the app (that signs out every device) and ignore this message. Nothing changes without the code.",
    ]),
  };
}

/** Sent instead of a code when someone registers with an address that already has a verified account. */
export function alreadyRegisteredMail(to: string): MailMessage {
  return {
    to,
    subject: `${APP}: someone tried to register with your address`,
    text: `Someone tried to create a new ${APP} account with this e-mail address, which already has an account.\n\nIf it was you, sign in instead, or reset your password if you forgot it.\nIf it was not you, you can ignore this message: your account is unchanged.`,
    html: layout('Someone tried to register with your address', [
      `Someone tried to create a new ${APP} account with this e-mail address, which already has an account.`,
      'If it was you, sign in instead, or reset your password if you forgot it.',
      'If it was not you, you can ignore this message: your account is unchanged.',
    ]),
  };
}
