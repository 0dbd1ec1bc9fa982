import { describe, expect, it } from 'vitest';
import { supportBody, supportMailto, supportSubject, type SupportRequest } from './support.ts';

const request: SupportRequest = {
  name: 'Julie Tremblay',
  organisation: 'Ville de Sainte-Julie',
  email: 'jtremblay@ville.sainte-julie.qc.ca',
  category: 'Exports',
  severity: 'P1',
  subject: 'Export GeoPackage vide',
  description: 'L’export de 12 forages donne un fichier vide.',
  links: 'SJ-BH-03, SJ-BH-07',
};

describe('support request', () => {
  it.each<[Partial<SupportRequest>, string]>([
    [{}, '[P1] Exports — Export GeoPackage vide'],
    [{ subject: '  ' }, '[P1] Exports'],
    [{ severity: 'P3', category: 'Autre', subject: 'Idée' }, '[P3] Autre — Idée'],
  ])('subject of %j', (change, subject) => {
    expect(supportSubject({ ...request, ...change })).toBe(subject);
  });

  it('puts every field in the body, with a dash for empty ones', () => {
    const body = supportBody({ ...request, organisation: '', links: '' });
    expect(body.split('\n')).toEqual([
      'Nom : Julie Tremblay',
      'Organisation : —',
      'Courriel : jtremblay@ville.sainte-julie.qc.ca',
      'Catégorie : Exports',
      'Sévérité : P1 — incident bloquant : réponse rapide, le jour ouvrable même',
      'Objet : Export GeoPackage vide',
      '',
      'Description :',
      'L’export de 12 forages donne un fichier vide.',
      '',
      'URL(s) / ID(s) liés : —',
    ]);
  });

  it('addresses the mailto: link to support with subject and body', () => {
    const url = new URL(supportMailto(request));
    expect(url.protocol + url.pathname).toBe('mailto:support@geosonde.ca');
    const params = new URLSearchParams(url.search.replace(/\+/g, '%2B'));
    expect(params.get('subject')).toBe('[P1] Exports — Export GeoPackage vide');
    expect(params.get('body')).toBe(supportBody(request).replace(/\n/g, '\r\n'));
  });
});
