import { newStemmer } from 'snowball-stemmers';

/**
 * French text as the assistant compares it: lower case, elisions removed (l’, d’, qu’…), common
 * words dropped, synonyms of the trade brought to one word, Snowball French stems, then accents
 * dropped, so that « Hébergement », « hébergé » and « hebergement » meet.
 */

const french = newStemmer('french');

/** Words too common to tell passages apart. */
const STOPWORDS = new Set(
  `a au aux avec ce ces cet cette dans de des du elle en et est etre eux il ils je la le les leur leurs lui
  ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi
  ton tu un une vos votre vous y c d j l m n s t ete etes sont suis es ai as avons avez ont fait faire peut
  peux puis quel quelle quels quelles comment combien quoi quand dois doit faut il-y est-ce ca cela ceci
  tout tous toute toutes tres plus moins bien si non oui alors donc car comme chez entre sans sous vers
  avoir y-a-t-il geosonde`.split(/\s+/),
);

/** Words of the trade that mean the same thing here: each brought to the first of its group. */
const SYNONYMS: string[][] = [
  ['forage', 'forages', 'sondage', 'sondages', 'puits', 'borehole', 'boreholes', 'trou', 'trous'],
  ['journal', 'journaux', 'log', 'logs', 'diagraphie', 'diagraphies'],
  ['tarif', 'tarifs', 'prix', 'cout', 'couts', 'coute', 'coutent', 'tarification', 'abonnement', 'payer'],
  ['heberge', 'hebergement', 'hebergees', 'hebergee', 'heberges', 'stockees', 'stockage', 'serveurs'],
  ['inscription', 'inscrire', 'inscris', 'enregistrer'],
  ['acces', 'compte', 'comptes', 'connexion', 'connecter', 'identifiant', 'identifiants'],
  ['stage', 'stages', 'stagiaire', 'stagiaires', 'internat'],
  ['rapport', 'rapports', 'document', 'documents', 'pdf'],
  ['3d', 'tridimensionnel', 'tridimensionnelle', 'modelisation', 'modele'],
  ['contamination', 'contamine', 'contamines', 'contaminants', 'pollution', 'pollue', 'pollues'],
  ['courriel', 'courriels', 'email', 'e-mail', 'mail', 'adresse-courriel'],
  ['sig', 'gis', 'arcgis', 'qgis'],
  ['api', 'rest', 'endpoint'],
  ['loi', 'lois', 'droit', 'juridiction', 'regi', 'regies', 'regit', 'tribunal', 'tribunaux', 'litige'],
  ['incident', 'incidents', 'urgent', 'urgence', 'bloquant', 'panne', 'p1'],
  ['portee', 'portees', 'scope', 'scopes', 'permission', 'permissions'],
  ['jeton', 'jetons', 'token', 'tokens', 'bearer'],
  ['roadmap', 'feuille', 'prevu', 'prevue', 'prevues', 'prevus', 'prochain', 'prochaine', 'prochaines', 'avenir'],
];
const CANONICAL = new Map(SYNONYMS.flatMap((group) => group.map((word) => [word, group[0]!] as const)));

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** The index terms of a text, in order (repeats kept, for term frequencies). */
export function terms(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const result: string[] = [];
  for (const word of words) {
    const plain = stripAccents(word);
    if (STOPWORDS.has(plain) || plain.length < 2) continue;
    const canonical = CANONICAL.get(plain);
    result.push(canonical ?? stripAccents(french.stem(word)));
  }
  return result;
}
