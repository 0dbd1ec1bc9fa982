import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer, smtpMailer } from './mailer.ts';

const message = {
  to: 'julie@ville.sainte-julie.qc.ca',
  subject: 'GéoSonde — réinitialisation',
  text: 'Ouvrez ce lien : http://localhost:4321/reset-password?token=abc',
};

describe('outboxMailer', () => {
  it('writes the e-mail to a file and logs its link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gs-mail-'));
    const lines: string[] = [];
    await outboxMailer(dir, (line) => lines.push(line)).send(message);
    const [file] = await readdir(dir);
    const content = await readFile(join(dir, file!), 'utf8');
    expect(content).toContain('To: julie@ville.sainte-julie.qc.ca');
    expect(content).toContain('Subject: GéoSonde — réinitialisation');
    expect(content).toContain(message.text);
    expect(lines.join('\n')).toContain('http://localhost:4321/reset-password?token=abc');
  });
});

describe('smtpMailer', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A real SMTP server on loopback that keeps what it receives.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the e-mail over SMTP with the configured sender', async () => {
    await smtpMailer(`smtp://127.0.0.1:${port}`, 'GéoSonde <no-reply@geosonde.ca>').send(message);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: julie@ville.sainte-julie.qc.ca');
    expect(received[0]).toMatch(/From: .*no-reply@geosonde\.ca/);
    expect(received[0]).toContain('reset-password?token=abc');
  });
});
