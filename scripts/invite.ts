// Creates an invitation and prints its token and registration link.
// Usage: npm run invite -- --tenant stjulie --role member [--email someone@ville.sainte-julie.qc.ca] [--days 7]
// On the embedded database, stop the server first: its data folder has one owner at a time.
import { parseArgs } from 'node:util';
import { createInvitation } from '../api/invitations/repo.ts';
import { invitationSchema } from '../api/auth/schemas.ts';
import { openDatabase } from '../api/db/open.ts';
import { parseEnv } from '../api/env.ts';
import { siteOrigins } from '../api/settings.ts';
import { exitWithMessage } from '../api/startup-errors.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    role: { type: 'string', default: 'member' },
    email: { type: 'string' },
    days: { type: 'string', default: '7' },
  },
});

const parsed = invitationSchema.safeParse({
  tenantSlug: values.tenant,
  role: values.role,
  email: values.email ?? null,
  days: Number(values.days),
});
if (!parsed.success) {
  console.error(`Invitation refusée : ${parsed.error.issues[0]?.message ?? 'arguments invalides'}`);
  console.error(
    'Usage : npm run invite -- --tenant <admin|montreal|stjulie> --role <admin|member|viewer> [--email …] [--days 7]',
  );
  process.exit(2);
}

const env = parseEnv();
const { db } = await openDatabase(env, 'npm run invite').catch(exitWithMessage);
try {
  const { token, expiresAt } = await createInvitation(db, parsed.data);
  const origin = siteOrigins(env, env.PORT).publicOrigin;
  console.log(
    `Invitation ${parsed.data.role} pour ${parsed.data.tenantSlug}${parsed.data.email ? ` (${parsed.data.email})` : ''}, valable jusqu’au ${expiresAt}`,
  );
  console.log(`Jeton : ${token}`);
  console.log(`Lien d’inscription : ${origin}/register?token=${encodeURIComponent(token)}`);
} finally {
  await db.close();
}
