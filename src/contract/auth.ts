import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { say } from './i18n';
import { INT32_MAX, text } from './text';
import { userSchema } from './users';

/** Limits the client can check before sending; the server also refuses common passwords. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const passwordSchema = text()
  .min(PASSWORD_MIN, say(msg`Use at least ${{ min: PASSWORD_MIN }} characters`))
  .max(PASSWORD_MAX, say(msg`Use at most ${{ max: PASSWORD_MAX }} characters`));

export const emailSchema = text()
  .trim()
  .toLowerCase()
  .pipe(z.email(say(msg`Enter a valid email address`)));

/** Jamaican TRN: 9 digits, often written 123-456-789. */
export const trnSchema = text()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, say(msg`A TRN has 9 digits`)));

export const phoneSchema = text()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, say(msg`Enter a phone number, e.g. 876-555-0123`));

export const registerBodySchema = z.object({
  first_name: text().trim().min(1, say(msg`Enter your first name`)).max(60),
  last_name: text().trim().min(1, say(msg`Enter your last name`)).max(60),
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  // An integer column: anything past int4 is no parish at all (and must not reach the database as an overflow).
  parish_id: z.coerce
    .number()
    .int()
    .positive(say(msg`Choose your parish`))
    .max(INT32_MAX, say(msg`Choose a parish from the list`)),
  address: text().trim().min(5, say(msg`Enter your street address`)).max(200),
  trn: z
    .union([trnSchema, z.literal('').transform(() => undefined)])
    .optional()
    .nullable(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: text().min(1, say(msg`Enter your password`)).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('seconds until the access token expires'),
  user: userSchema,
});
export type Tokens = z.infer<typeof tokensSchema>;

export const refreshBodySchema = z.object({ refreshToken: text().min(10).max(200) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const logoutBodySchema = z.object({ refreshToken: text().min(10).max(200).optional() });

export const verificationBodySchema = z.object({ token: text().min(10).max(200) });
export type VerificationBody = z.infer<typeof verificationBodySchema>;

export const passwordResetBodySchema = z.object({ email: emailSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: text().min(10).max(200),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** Claims carried by the access token (the PWA reads them for offline guards; the server re-checks). */
export const accessClaimsSchema = z.object({
  // Ids of rows (uuid columns): a validly signed token with anything else is no session (401), not a query error.
  sub: z.uuid(),
  cid: z.uuid(),
  role: z.enum(['customer', 'staff', 'admin']),
  ver: z.boolean(),
  sa: z.boolean().optional(),
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/** The schemas of each call in `auth.calls.ts`. */
export const authSchemas = {
  register: { body: registerBodySchema, response: z.null() },
  login: { body: loginBodySchema, response: tokensSchema },
  refresh: { body: refreshBodySchema, response: tokensSchema },
  logout: {
    // A POST without any body reaches validation as null: signing out needs no token, so accept it.
    body: logoutBodySchema.nullish(),
    response: z.null(),
  },
  verification: { body: verificationBodySchema, response: userSchema },
  passwordReset: { body: passwordResetBodySchema, response: z.null() },
  resetPassword: { body: resetPasswordBodySchema, response: z.null() },
  me: { response: userSchema },
  resendVerification: { params: z.object({ id: z.uuid(say(msg`Not a valid user id`)) }), response: z.null() },
};
