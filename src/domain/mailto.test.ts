import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto.ts';

describe('mailtoHref', () => {
  it.each([
    [{ to: 'ventes@geosonde.ca', subject: 'Demande' }, 'mailto:ventes@geosonde.ca?subject=Demande'],
    [
      { to: 'a@b.ca', subject: 'Prix & SLA', body: 'Ligne 1\nLigne 2' },
      'mailto:a@b.ca?subject=Prix%20%26%20SLA&body=Ligne%201%0D%0ALigne%202',
    ],
    [{ to: 'a@b.ca', subject: 'Équipe ?', body: '' }, 'mailto:a@b.ca?subject=%C3%89quipe%20%3F'],
  ])('%j → %s', (draft, href) => {
    expect(mailtoHref(draft)).toBe(href);
  });

  it('round-trips through URL decoding', () => {
    const body = 'Organisation : Ville de Sainte-Julie\nBesoin : 12 utilisateurs';
    const url = new URL(mailtoHref({ to: 'x@y.ca', subject: 'Sujet', body }));
    expect(decodeURIComponent(url.search.split('body=')[1]!)).toBe(body.replace('\n', '\r\n'));
  });
});
