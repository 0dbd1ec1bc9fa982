/** A prefilled e-mail. */
export interface MailDraft {
  to: string;
  subject: string;
  body?: string;
}

/**
 * The mailto: link of a prefilled e-mail, with subject and body encoded for every mail client
 * (spaces as %20, line breaks as %0D%0A).
 *
 * @example mailtoHref({ to: 'a@b.ca', subject: 'Bonjour à vous' }) // 'mailto:a@b.ca?subject=Bonjour%20%C3%A0%20vous'
 */
export function mailtoHref({ to, subject, body }: MailDraft): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  const query = [`subject=${encode(subject)}`];
  if (body) query.push(`body=${encode(body)}`);
  return `mailto:${to}?${query.join('&')}`;
}
