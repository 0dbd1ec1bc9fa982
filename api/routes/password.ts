import { Hono } from 'hono';
import type { AppEnv, ErrorBody } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { forgotSchema, resetSchema } from '../auth/schemas.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { recordAttempt, retryAfterSeconds } from '../auth/throttle.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { clientIp, publicOrigin } from '../request-info.ts';
import { jsonBody } from '../validation.ts';

export const RESET_REQUESTED =
  'Si un compte existe pour cette adresse, un courriel avec un lien de réinitialisation vient de lui être envoyé.';
const RESET_MINUTES = 60;
/** Reset e-mails per address per hour, so that nobody can flood an inbox. */
const RESETS_PER_HOUR = 5;

/** Password reset: ask for a link (same answer for every address), then set a new password. */
export const passwordRoutes = new Hono<AppEnv>()
  .post('/password/forgot', jsonBody(forgotSchema), (c) => {
    const { email } = c.req.valid('json');
    const { db } = c.var;
    const { mailer } = c.var.settings;
    const origin = publicOrigin(c);
    // The work for a real account happens after the answer, so the timing is the same for all.
    const work = async () => {
      const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      if (!user) return;
      const [recent] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
        [user.id],
      );
      if ((recent?.n ?? 0) >= RESETS_PER_HOUR) return;
      const token = newToken();
      await db.query(
        `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
        [hashToken(token), user.id, RESET_MINUTES],
      );
      await mailer.send({
        to: email,
        subject: 'GéoSonde — réinitialisation de votre mot de passe',
        text: [
          'Bonjour,',
          '',
          'Pour choisir un nouveau mot de passe GéoSonde, ouvrez ce lien (valable une heure, une seule fois) :',
          `${origin}/reset-password?token=${token}`,
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
  .post('/password/reset', jsonBody(resetSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const ip = clientIp(c);
    const subject = `reset:${ip}`;
    const wait = await retryAfterSeconds(c.var.db, subject, ip);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json<ErrorBody>({ error: 'Trop de tentatives. Réessayez dans quelques minutes.' }, 429);
    }
    const passwordHash = await hashPassword(password);
    const userId = await c.var.db.transaction(async (tx) => {
      const [reset] = await tx.query<{ user_id: string }>(
        `UPDATE password_resets SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [hashToken(token)],
      );
      if (!reset) return null;
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [reset.user_id, passwordHash]);
      await deleteUserSessions(tx, reset.user_id);
      return reset.user_id;
    });
    if (!userId) {
      await recordAttempt(c.var.db, subject, ip, false);
      return c.json<ErrorBody>({ error: 'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré.' }, 400);
    }
    return c.json({ message: 'Mot de passe modifié. Vous pouvez vous connecter.' });
  });
