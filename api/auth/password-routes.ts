import { Hono } from 'hono';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { hashPassword } from './password.ts';
import { forgotSchema, resetSchema } from './schemas.ts';
import { deleteUserSessions } from './sessions.ts';
import { claimAttempt, settleAttempt } from './throttle.ts';
import { hashToken, newToken } from './tokens.ts';
import { countRecentResets, findUserId, insertPasswordReset, isResetUsable, resetPassword } from '../users/repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { clientIp } from '../request-info.ts';
import { jsonBody } from '../validation.ts';
import { tooMany } from './routes.ts';

export const RESET_REQUESTED =
  'Si un compte existe pour cette adresse, un courriel avec un lien de réinitialisation vient de lui être envoyé.';
const RESET_INVALID = 'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré.';
const RESET_MINUTES = 60;
/** Reset e-mails per address per hour, so that nobody can flood an inbox. */
const RESETS_PER_HOUR = 5;

/**
 * Password reset (`/api/password/…`): ask for a link (same answer for every address), then set a
 * new password. The link starts with the configured public origin, never the request's Host.
 */
export const passwordRoutes = new Hono<AppEnv>()
  .use(jsonBodies)
  .post('/forgot', jsonBody(forgotSchema), (c) => {
    const { email } = c.req.valid('json');
    const { db } = c.var;
    const { mailer, publicOrigin } = c.var.settings;
    // The work for a real account happens after the answer, so the timing is the same for all.
    const work = async () => {
      const userId = await findUserId(db, email);
      if (!userId || (await countRecentResets(db, userId)) >= RESETS_PER_HOUR) return;
      const token = newToken();
      await insertPasswordReset(db, hashToken(token), userId, RESET_MINUTES);
      await mailer.send({
        to: email,
        subject: 'GéoSonde — réinitialisation de votre mot de passe',
        text: [
          'Bonjour,',
          '',
          'Pour choisir un nouveau mot de passe GéoSonde, ouvrez ce lien (valable une heure, une seule fois) :',
          `${publicOrigin}/reset-password?token=${token}`,
          '',
          'Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe actuel reste valable.',
        ].join('\n'),
      });
    };
    c.var.settings.background(
      work().catch((error: unknown) => console.error('Réinitialisation : envoi impossible', error)),
    );
    return c.json({ message: RESET_REQUESTED }, 202);
  })
  // The token is checked before the new password is hashed (the costly part).
  .post('/reset', jsonBody(resetSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const { db } = c.var;
    const ip = clientIp(c);
    const attempt = await claimAttempt(db, `reset:${ip}`, ip);
    if (!attempt.ok) return tooMany(c, attempt.retryAfter);
    const tokenHash = hashToken(token);
    if (!(await isResetUsable(db, tokenHash))) return c.json<ErrorBody>({ error: RESET_INVALID }, 400);
    const passwordHash = await hashPassword(password);
    const userId = await db.transaction(async (tx) => {
      const id = await resetPassword(tx, tokenHash, passwordHash);
      if (id) await deleteUserSessions(tx, id);
      return id;
    });
    if (!userId) return c.json<ErrorBody>({ error: RESET_INVALID }, 400);
    await settleAttempt(db, attempt.id);
    return c.json({ message: 'Mot de passe modifié. Vous pouvez vous connecter.' });
  });
