/**
 * What each rule of an import report asks, in French: the AGS 4 format rules (as the standard
 * states them), and the headings GéoSonde adds. The report keeps the reference validator's rule
 * names ('AGS Format Rule 5'); these are what people read.
 */
const AGS_RULES: Readonly<Record<string, string>> = {
  '1': 'Le fichier ne contient que des caractères ASCII.',
  '2': 'Le fichier compte un groupe ou plus, et chaque groupe une ligne DATA ou plus.',
  '2a': 'Chaque ligne se termine par un retour chariot et un saut de ligne (CR LF).',
  '2b': 'Chaque groupe commence par ses lignes HEADING, UNIT et TYPE, dans cet ordre, avant ses lignes DATA.',
  '2c': 'Chaque groupe a une ligne HEADING.',
  '3': 'Chaque ligne commence par GROUP, HEADING, UNIT, TYPE ou DATA.',
  '4': 'Une ligne GROUP ne porte que le nom du groupe ; UNIT, TYPE et DATA ont autant de champs que HEADING.',
  '5': 'Chaque champ est entre guillemets droits, et un guillemet dans un champ est doublé.',
  '6': 'Les champs sont séparés par des virgules, sans saut de ligne à l’intérieur d’un champ.',
  '7': 'Les champs d’un groupe suivent l’ordre du dictionnaire, sans doublon.',
  '8': 'Chaque valeur suit l’unité et le type que déclarent les lignes UNIT et TYPE de son groupe.',
  '9': 'Les noms de groupes et de champs viennent du dictionnaire AGS 4 ou du groupe DICT du fichier.',
  '10a': 'Les champs clés d’un groupe sont présents, et deux lignes n’ont jamais les mêmes clés.',
  '10b': 'Les champs obligatoires sont présents et remplis.',
  '10c': 'Chaque ligne a sa ligne parente dans le groupe parent (une couche, son forage dans LOCA).',
  '11': 'Les données de type RL utilisent le séparateur et la concaténation que déclare le groupe TRAN.',
  '11a': 'Le groupe TRAN donne son séparateur (TRAN_DLIM).',
  '11b': 'Le groupe TRAN donne sa concaténation (TRAN_RCON).',
  '11c': 'Une référence de type RL désigne une ligne qui existe.',
  '12': 'Seuls les champs obligatoires doivent être remplis ; les autres peuvent être vides.',
  '13': 'Le fichier a un groupe PROJ d’une seule ligne DATA, ses champs obligatoires remplis.',
  '14': 'Le fichier a un groupe TRAN d’une seule ligne DATA, ses champs obligatoires remplis.',
  '15': 'Le groupe UNIT définit chaque unité employée dans le fichier.',
  '16': 'Le groupe ABBR définit chaque abréviation employée dans le fichier.',
  '17': 'Le groupe TYPE définit chaque type de données employé dans le fichier.',
  '18': 'Le groupe DICT définit chaque groupe et chaque champ hors du dictionnaire standard.',
  '19': 'Un nom de groupe compte quatre lettres majuscules ou chiffres.',
  '19a': 'Un nom de champ compte au plus neuf caractères : majuscules, chiffres et soulignés.',
  '19b': 'Un nom de champ commence par le nom de son groupe (ou d’un groupe parent) et un souligné.',
  '20': 'Chaque fichier joint est décrit dans le groupe FILE, dans le dossier qu’il indique.',
};

const OTHER_HEADINGS: Readonly<Record<string, string>> = {
  'Validator Process Error': 'La vérification s’est arrêtée avant la fin du fichier.',
  Encodage: 'Le fichier se lit en UTF-8 ou en Windows-1252, sans caractère illisible.',
  'Règle GéoSonde 1': 'Le fichier a un groupe LOCA : les forages.',
  'Règle GéoSonde 2': 'Chaque forage a une position, dans un système de coordonnées connu.',
  'Règle GéoSonde 3': 'Chaque couche a une profondeur de toit.',
  'Règle GéoSonde 4': 'Chaque essai SPT a une profondeur.',
  'Avertissement GéoSonde 3': 'Les couches d’un forage se suivent sans se chevaucher, au-dessus de son fond.',
  'Avertissement GéoSonde 4': 'Les essais SPT sont au-dessus du fond du forage.',
  'Avertissement GéoSonde 5': 'La profondeur finale d’un forage est connue.',
};

/** 'AGS Format Rule 10b' → 'Règle AGS 10b'; the FYI and process headings in French, ours as they are. */
export function ruleTitle(rule: string): string {
  return rule
    .replace(/^AGS Format Rule (\w+)$/, 'Règle AGS $1')
    .replace(/^FYI \(Related to Rule (\w+)\)$/, 'Pour information (règle AGS $1)')
    .replace(/^FYI$/, 'Pour information')
    .replace(/^Validator Process Error$/, 'Vérification arrêtée');
}

/** What a rule asks, in one French sentence; '' for a heading we have no sentence for. */
export function ruleAsks(rule: string): string {
  const ags = /^(?:AGS Format Rule |FYI \(Related to Rule )(\w+)\)?$/.exec(rule)?.[1];
  return (ags ? AGS_RULES[ags] : OTHER_HEADINGS[rule]) ?? '';
}
