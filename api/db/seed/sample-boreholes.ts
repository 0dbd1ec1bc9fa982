import type { Borehole, Horizon } from '../../../src/domain/borehole.ts';

/** A sample borehole as written here; depth and the derived flags are computed when seeding. */
export type SampleBorehole = Omit<Borehole, 'depth' | 'has_litho' | 'has_pdf' | 'horizons'> & {
  horizons: Horizon[];
};

type Flags = Partial<Pick<Borehole, 'has_hydro' | 'has_geodata' | 'has_chem' | 'has_core'>>;
const flags = (set: Flags) => ({ has_hydro: false, has_geodata: true, has_chem: false, has_core: false, ...set });
const h = (material: string, thickness: number): Horizon => ({ material, thickness });
const noScreen = { screenTop: null, screenBottom: null };

/**
 * Fifteen boreholes on the island of Montréal (fill and till over Trenton limestone, Champlain
 * Sea clay toward the east end) and fifteen within 8 km of Sainte-Julie (thick marine clay over
 * till and Utica shale, the Saint-Amable sand plain to the north). Invented for the demo, but
 * placed and layered as such logs are in this region.
 */
export const SAMPLE_BOREHOLES: SampleBorehole[] = [
  {
    id: 'MTL-BH-01', tenantSlug: 'montreal', project: 'Réfection de la rue Sainte-Catherine Ouest', site: 'Tronçon Peel–Metcalfe',
    muni: 'Montréal (Ville-Marie)', date: '2024-05-14', purpose: 'geotech', type: 'test_hole', method: 'hollow_stem_auger', holeState: 'open_hole',
    lat: 45.50068, lon: -73.57321, addr: '1250, rue Sainte-Catherine Ouest, Montréal (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Asphalte', 0.15), h('Remblai granulaire MG-20', 1.35), h('Till glaciaire, limon sableux avec gravier', 3.2), h('Calcaire gris (roche en place)', 2.3)],
  },
  {
    id: 'MTL-BH-02', tenantSlug: 'montreal', project: 'Station de pompage Saint-Gabriel', site: 'Canal de Lachine – écluse Saint-Gabriel',
    muni: 'Montréal (Le Sud-Ouest)', date: '2023-09-21', purpose: 'hydro', type: 'monitoring_well', method: 'rotary', holeState: 'screened',
    lat: 45.48052, lon: -73.58031, addr: '2000, rue Saint-Patrick, Montréal (Québec)', screenTop: 6, screenBottom: 9, ...flags({ has_hydro: true, has_chem: true }),
    horizons: [h('Remblai hétérogène avec briques', 2.4), h('Sable silteux brun', 3.1), h('Silty clay, grey (Champlain Sea)', 2.6), h('Till compact', 1.9)],
  },
  {
    id: 'MTL-BH-03', tenantSlug: 'montreal', project: 'Réaménagement du parc Jarry', site: 'Parc Jarry – secteur des terrains de tennis',
    muni: 'Montréal (Villeray–Saint-Michel–Parc-Extension)', date: '2022-06-08', purpose: 'environmental', type: 'monitoring_well', method: 'sonic', holeState: 'screened',
    lat: 45.53402, lon: -73.62795, addr: '285, rue Faillon Ouest, Montréal (Québec)', screenTop: 3, screenBottom: 6, ...flags({ has_chem: true }),
    horizons: [h('Topsoil and fill', 0.9), h('Limon sableux brun', 2.1), h('Till glaciaire gris', 4.0)],
  },
  {
    id: 'MTL-BH-04', tenantSlug: 'montreal', project: 'Prolongement de la ligne bleue', site: 'Future station Pie-IX',
    muni: 'Montréal (Saint-Léonard)', date: '2021-10-19', purpose: 'geotech', type: 'test_hole', method: 'coring', holeState: 'cased',
    lat: 45.57291, lon: -73.60542, addr: '4500, rue Jean-Talon Est, Montréal (Québec)', ...noScreen, ...flags({ has_core: true }),
    horizons: [h('Remblai', 1.8), h('Till, silt and gravel', 3.7), h('Schiste fissuré', 1.5), h('Calcaire argileux sain', 8.0)],
  },
  {
    id: 'MTL-BH-05', tenantSlug: 'montreal', project: 'Échangeur Turcot – mur de soutènement', site: 'Bretelle A-20 / A-15',
    muni: 'Montréal (Le Sud-Ouest)', date: '2020-08-03', purpose: 'geotech', type: 'test_hole', method: 'rotary', holeState: 'open_hole',
    lat: 45.47351, lon: -73.59848, addr: '5800, rue Saint-Rémi, Montréal (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Asphalt pavement', 0.2), h('Fill, sand and gravel', 2.8), h('Gravier et galets', 1.5), h('Till glaciaire', 4.5), h('Bedrock, grey limestone', 3.0)],
  },
  {
    id: 'MTL-BH-06', tenantSlug: 'montreal', project: 'Remplacement des conduites d’aqueduc', site: 'Rue Wellington',
    muni: 'Montréal (Verdun)', date: '2024-02-27', purpose: 'geotech', type: 'test_hole', method: 'hollow_stem_auger', holeState: 'open_hole',
    lat: 45.45903, lon: -73.56902, addr: '4000, rue Wellington, Montréal (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Enrobé bitumineux', 0.1), h('Remblai sableux', 1.9), h('Sable moyen à grossier', 2.5), h('Till', 1.5)],
  },
  {
    id: 'MTL-BH-07', tenantSlug: 'montreal', project: 'Caractérisation environnementale – ancienne cour de triage', site: 'Site Glen',
    muni: 'Montréal (Côte-des-Neiges–Notre-Dame-de-Grâce)', date: '2023-04-12', purpose: 'environmental', type: 'monitoring_well', method: 'sonic', holeState: 'screened',
    lat: 45.48461, lon: -73.60163, addr: '1001, boulevard Décarie, Montréal (Québec)', screenTop: 4, screenBottom: 7, ...flags({ has_hydro: true, has_chem: true }),
    horizons: [h('Remblai avec scories et débris', 3.2), h('Limon argileux', 2.3), h('Till sableux', 3.0)],
  },
  {
    id: 'MTL-BH-08', tenantSlug: 'montreal', project: 'Nouvelle bibliothèque de Saint-Michel', site: 'Boulevard Saint-Michel',
    muni: 'Montréal (Villeray–Saint-Michel–Parc-Extension)', date: '2019-11-05', purpose: 'geotech', type: 'test_hole', method: 'hollow_stem_auger', holeState: 'open_hole',
    lat: 45.56318, lon: -73.61951, addr: '7601, boulevard Saint-Michel, Montréal (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Remblai', 1.2), h('Sandy silt with gravel (till)', 4.1), h('Roche calcaire', 1.7)],
  },
  {
    id: 'MTL-BH-09', tenantSlug: 'montreal', project: 'Suivi des eaux souterraines – parc-nature', site: 'Parc-nature de la Pointe-aux-Prairies',
    muni: 'Montréal (Rivière-des-Prairies–Pointe-aux-Trembles)', date: '2022-09-29', purpose: 'hydro', type: 'piezometer', method: 'sonic', holeState: 'screened',
    lat: 45.67805, lon: -73.52811, addr: '14905, rue Sherbrooke Est, Montréal (Québec)', screenTop: 9, screenBottom: 11, ...flags({ has_hydro: true }),
    horizons: [h('Terre végétale et remblai', 0.6), h('Argile grise de la mer de Champlain', 6.4), h('Sable fin', 2.0), h('Till', 3.0)],
  },
  {
    id: 'MTL-BH-10', tenantSlug: 'montreal', project: 'Reconstruction du boulevard Gouin Ouest', site: 'Secteur Ahuntsic',
    muni: 'Montréal (Ahuntsic-Cartierville)', date: '2021-05-18', purpose: 'geotech', type: 'test_hole', method: 'rotary', holeState: 'cased',
    lat: 45.55302, lon: -73.67297, addr: '10300, boulevard Gouin Ouest, Montréal (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Asphalte', 0.12), h('Remblai granulaire', 0.88), h('Argile grise', 3.5), h('Till glaciaire dense', 2.0), h('Schiste argileux', 1.5)],
  },
  {
    id: 'MTL-BH-11', tenantSlug: 'montreal', project: 'Écoquartier Lachine-Est', site: 'Ancien terrain industriel Jenkins',
    muni: 'Montréal (Lachine)', date: '2024-08-22', purpose: 'environmental', type: 'monitoring_well', method: 'hollow_stem_auger', holeState: 'screened',
    lat: 45.44209, lon: -73.66498, addr: '2100, rue Victoria, Montréal (Québec)', screenTop: 2, screenBottom: 5, ...flags({ has_hydro: true, has_chem: true }),
    horizons: [h('Fill with slag and cinders', 2.5), h('Sable silteux', 2.0), h('Till', 2.5)],
  },
  {
    id: 'MTL-BH-12', tenantSlug: 'montreal', project: 'Garage municipal d’Anjou', site: 'Cour des travaux publics',
    muni: 'Montréal (Anjou)', date: '2020-03-11', purpose: 'open_hole', type: 'open_hole', method: 'rotary', holeState: 'open_hole',
    lat: 45.60497, lon: -73.56302, addr: '7171, rue Bombardier, Montréal (Québec)', ...noScreen, ...flags({ has_geodata: false }),
    horizons: [h('Remblai', 1.0), h('Till glaciaire', 2.0), h('Calcaire fracturé', 2.0), h('Calcaire massif', 5.0)],
  },
  {
    id: 'MTL-BH-13', tenantSlug: 'montreal', project: 'Stationnement étagé du centre civique', site: 'Centre civique de Saint-Laurent',
    muni: 'Montréal (Saint-Laurent)', date: '2023-11-30', purpose: 'geotech', type: 'test_hole', method: 'coring', holeState: 'cased',
    lat: 45.51402, lon: -73.68291, addr: '777, boulevard Marcel-Laurin, Montréal (Québec)', ...noScreen, ...flags({ has_core: true }),
    horizons: [h('Asphalte', 0.1), h('Remblai', 1.4), h('Till, silty sand with gravel', 3.5), h('Fractured limestone', 1.0), h('Limestone bedrock', 6.0)],
  },
  {
    id: 'MTL-BH-14', tenantSlug: 'montreal', project: 'Réseau de chaleur du Vieux-Montréal', site: 'Place D’Youville',
    muni: 'Montréal (Ville-Marie)', date: '2025-01-16', purpose: 'geotech', type: 'test_hole', method: 'sonic', holeState: 'open_hole',
    lat: 45.50038, lon: -73.55602, addr: '335, place D’Youville, Montréal (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Remblai historique (maçonnerie, briques)', 3.5), h('Sable et gravier', 1.5), h('Till', 2.0)],
  },
  {
    id: 'MTL-BH-15', tenantSlug: 'montreal', project: 'Suivi du biogaz et des lixiviats', site: 'Parc Frédéric-Back',
    muni: 'Montréal (Villeray–Saint-Michel–Parc-Extension)', date: '2025-06-03', purpose: 'hydro', type: 'monitoring_well', method: 'rotary', holeState: 'screened',
    lat: 45.55697, lon: -73.63502, addr: '2345, rue Jarry Est, Montréal (Québec)', screenTop: 10, screenBottom: 14, ...flags({ has_hydro: true, has_chem: true }),
    horizons: [h('Remblai de déchets (ancienne carrière)', 9.0), h('Calcaire', 6.0)],
  },
  {
    id: 'SJ-BH-01', tenantSlug: 'stjulie', project: 'Réfection du chemin du Fer-à-Cheval', site: 'Chemin du Fer-à-Cheval',
    muni: 'Sainte-Julie', date: '2024-06-11', purpose: 'geotech', type: 'test_hole', method: 'hollow_stem_auger', holeState: 'open_hole',
    lat: 45.59051, lon: -73.32102, addr: '1500, chemin du Fer-à-Cheval, Sainte-Julie (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Asphalte', 0.15), h('Remblai granulaire', 0.85), h('Argile grise de la mer de Champlain', 6.0), h('Till', 1.5)],
  },
  {
    id: 'SJ-BH-02', tenantSlug: 'stjulie', project: 'Bassin de rétention Armand-Frappier', site: 'Boulevard Armand-Frappier',
    muni: 'Sainte-Julie', date: '2023-05-02', purpose: 'hydro', type: 'piezometer', method: 'sonic', holeState: 'screened',
    lat: 45.57903, lon: -73.34004, addr: '2200, boulevard Armand-Frappier, Sainte-Julie (Québec)', screenTop: 1.5, screenBottom: 3.5, ...flags({ has_hydro: true }),
    horizons: [h('Terre végétale', 0.3), h('Sable fin à moyen', 3.7), h('Argile', 5.0), h('Till', 2.0)],
  },
  {
    id: 'SJ-BH-03', tenantSlug: 'stjulie', project: 'Agrandissement d’une école primaire', site: 'Secteur nord',
    muni: 'Sainte-Julie', date: '2022-04-26', purpose: 'geotech', type: 'test_hole', method: 'rotary', holeState: 'cased',
    lat: 45.60004, lon: -73.33502, addr: '600, rue Jules-Choquet, Sainte-Julie (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Remblai', 1.2), h('Argile grise', 7.8), h('Till', 2.0), h('Schiste gris (roche en place)', 2.0)],
  },
  {
    id: 'SJ-BH-04', tenantSlug: 'stjulie', project: 'Caractérisation phase II – ancien garage', site: 'Montée Sainte-Julie',
    muni: 'Sainte-Julie', date: '2021-07-07', purpose: 'environmental', type: 'monitoring_well', method: 'hollow_stem_auger', holeState: 'screened',
    lat: 45.58203, lon: -73.31498, addr: '1100, montée Sainte-Julie, Sainte-Julie (Québec)', screenTop: 1.5, screenBottom: 4.5, ...flags({ has_hydro: true, has_chem: true }),
    horizons: [h('Asphalte', 0.1), h('Remblai avec traces d’hydrocarbures', 1.9), h('Sable silteux', 2.5), h('Argile', 2.5)],
  },
  {
    id: 'SJ-BH-05', tenantSlug: 'stjulie', project: 'Prolongement du réseau d’égout', site: 'Rue Principale',
    muni: 'Sainte-Julie', date: '2020-10-13', purpose: 'geotech', type: 'test_hole', method: 'hollow_stem_auger', holeState: 'open_hole',
    lat: 45.57102, lon: -73.32803, addr: '450, rue Principale, Sainte-Julie (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Asphalt', 0.1), h('Granular fill', 1.4), h('Grey clay', 5.5), h('Glacial till', 2.0)],
  },
  {
    id: 'SJ-BH-06', tenantSlug: 'stjulie', project: 'Agrandissement d’un entrepôt', site: 'Parc industriel de Boucherville, secteur est',
    muni: 'Boucherville', date: '2019-09-17', purpose: 'geotech', type: 'test_hole', method: 'coring', holeState: 'cased',
    lat: 45.58904, lon: -73.39498, addr: '1500, rue Nobel, Boucherville (Québec)', ...noScreen, ...flags({ has_core: true }),
    horizons: [h('Remblai', 0.8), h('Argile de la mer de Champlain', 9.2), h('Till', 1.5), h('Shale, fractured', 1.0), h('Shale', 3.5)],
  },
  {
    id: 'SJ-BH-07', tenantSlug: 'stjulie', project: 'Puits d’alimentation en eau potable', site: 'Plaine sableuse de Saint-Amable',
    muni: 'Saint-Amable', date: '2022-11-22', purpose: 'hydro', type: 'monitoring_well', method: 'rotary', holeState: 'screened',
    lat: 45.63802, lon: -73.30497, addr: '575, rue Principale, Saint-Amable (Québec)', screenTop: 5, screenBottom: 8, ...flags({ has_hydro: true, has_chem: true }),
    horizons: [h('Sable moyen', 6.0), h('Sable et gravier', 2.0), h('Till', 2.0), h('Roche (schiste)', 2.0)],
  },
  {
    id: 'SJ-BH-08', tenantSlug: 'stjulie', project: 'Réaménagement du parc des Étangs', site: 'Parc des Étangs',
    muni: 'Sainte-Julie', date: '2025-03-18', purpose: 'environmental', type: 'test_hole', method: 'sonic', holeState: 'open_hole',
    lat: 45.59302, lon: -73.34503, addr: '1800, rue de l’Étang, Sainte-Julie (Québec)', ...noScreen, ...flags({ has_chem: true }),
    horizons: [h('Remblai', 1.5), h('Limon gris', 2.0), h('Argile', 4.5)],
  },
  {
    id: 'SJ-BH-09', tenantSlug: 'stjulie', project: 'Autoroute 20 – réfection d’un viaduc', site: 'Viaduc de la montée Sainte-Julie',
    muni: 'Sainte-Julie', date: '2018-08-29', purpose: 'geotech', type: 'test_hole', method: 'rotary', holeState: 'cased',
    lat: 45.57748, lon: -73.31052, addr: 'Autoroute 20, sortie 98, Sainte-Julie (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Asphalte', 0.25), h('Remblai', 2.25), h('Argile', 8.0), h('Till', 2.5), h('Fractured shale', 1.0), h('Schiste', 4.0)],
  },
  {
    id: 'SJ-BH-10', tenantSlug: 'stjulie', project: 'Stabilité de versant – mont Saint-Bruno', site: 'Rang des Vingt-Cinq',
    muni: 'Saint-Bruno-de-Montarville', date: '2023-08-09', purpose: 'geotech', type: 'test_hole', method: 'coring', holeState: 'open_hole',
    lat: 45.54503, lon: -73.33002, addr: '1200, rang des Vingt-Cinq Est, Saint-Bruno-de-Montarville (Québec)', ...noScreen, ...flags({ has_core: true }),
    horizons: [h('Till glaciaire', 1.5), h('Gravier et galets', 1.0), h('Roche fracturée', 2.0), h('Roche en place (cornéenne)', 3.5)],
  },
  {
    id: 'SJ-BH-11', tenantSlug: 'stjulie', project: 'Suivi du milieu humide', site: 'Ruisseau Massé',
    muni: 'Sainte-Julie', date: '2024-10-01', purpose: 'hydro', type: 'piezometer', method: 'hollow_stem_auger', holeState: 'screened',
    lat: 45.59897, lon: -73.31501, addr: '2500, rue Nobel, Sainte-Julie (Québec)', screenTop: 1, screenBottom: 3, ...flags({ has_hydro: true }),
    horizons: [h('Terre noire organique', 0.5), h('Sable', 2.5), h('Argile', 4.0)],
  },
  {
    id: 'SJ-BH-12', tenantSlug: 'stjulie', project: 'Nouvelle caserne de pompiers', site: 'Boulevard N.-P.-Lapierre',
    muni: 'Sainte-Julie', date: '2021-02-23', purpose: 'open_hole', type: 'open_hole', method: 'rotary', holeState: 'open_hole',
    lat: 45.56798, lon: -73.34502, addr: '900, boulevard N.-P.-Lapierre, Sainte-Julie (Québec)', ...noScreen, ...flags({ has_geodata: false }),
    horizons: [h('Remblai', 1.0), h('Argile', 10.0), h('Till', 2.0)],
  },
  {
    id: 'SJ-BH-13', tenantSlug: 'stjulie', project: 'Réfection du boulevard Sir-Wilfrid-Laurier', site: 'Route 116',
    muni: 'Saint-Basile-le-Grand', date: '2020-05-28', purpose: 'geotech', type: 'test_hole', method: 'hollow_stem_auger', holeState: 'open_hole',
    lat: 45.54002, lon: -73.30497, addr: '200, boulevard Sir-Wilfrid-Laurier, Saint-Basile-le-Grand (Québec)', ...noScreen, ...flags({}),
    horizons: [h('Asphalte', 0.2), h('Remblai sableux', 1.3), h('Sand, fine', 2.5), h('Silt, grey', 2.0), h('Clay', 3.0)],
  },
  {
    id: 'SJ-BH-14', tenantSlug: 'stjulie', project: 'Station de pompage Nobel', site: 'Rue Nobel',
    muni: 'Sainte-Julie', date: '2022-01-12', purpose: 'environmental', type: 'monitoring_well', method: 'sonic', holeState: 'screened',
    lat: 45.58702, lon: -73.35603, addr: '3000, rue Nobel, Sainte-Julie (Québec)', screenTop: 7.5, screenBottom: 9.5, ...flags({ has_hydro: true, has_chem: true }),
    horizons: [h('Remblai', 2.0), h('Argile', 6.0), h('Sable', 2.0)],
  },
  {
    id: 'SJ-BH-15', tenantSlug: 'stjulie', project: 'Centre aquatique – études préliminaires', site: 'Parc Edmour-J.-Harvey',
    muni: 'Sainte-Julie', date: '2025-09-04', purpose: 'geotech', type: 'test_hole', method: 'coring', holeState: 'cased',
    lat: 45.58398, lon: -73.32898, addr: '1650, rue du Moulin, Sainte-Julie (Québec)', ...noScreen, ...flags({ has_core: true }),
    horizons: [h('Asphalte', 0.1), h('Remblai', 0.9), h('Argile grise', 9.0), h('Till', 2.0), h('Shale bedrock', 3.0)],
  },
];
