/**
 * Questions a visitor asks, in their words, with the pages that answer them (an address without
 * '#' accepts any section of the page). The assistant's accuracy is measured on them
 * (retrieval.test.ts, npm run bench:ask).
 */
export const QUESTIONS: { question: string; answers: string[] }[] = [
  { question: 'Combien coûte GéoSonde ?', answers: ['/pricing'] },
  { question: 'Quels sont vos tarifs pour une petite municipalité ?', answers: ['/pricing'] },
  { question: 'Est-ce que vous offrez un projet pilote ?', answers: ['/pricing#plans'] },
  {
    question: 'Où sont hébergées nos données ?',
    answers: [
      '/legal#subprocessors',
      '/pricing#license',
      '/about#mission',
      '/legal#security',
      '/platform#security',
      '/platform#architecture',
    ],
  },
  {
    question: 'Les données restent-elles au Canada ?',
    answers: ['/pricing#license', '/about#mission', '/legal#security', '/platform#security', '/platform#architecture'],
  },
  { question: 'Quel est votre RPO et votre RTO ?', answers: ['/pricing#license'] },
  { question: 'Avez-vous un site de reprise après sinistre ?', answers: ['/pricing#license', '/platform#security'] },
  { question: 'Quelle est la disponibilité garantie du service (SLA) ?', answers: ['/pricing#license'] },
  {
    question: 'Dans quels formats puis-je exporter mes forages ?',
    answers: ['/developers#data', '/#how', '/platform#features'],
  },
  {
    question: 'Est-ce que l’export AGS 4 est possible ?',
    answers: ['/developers#data', '/developers#overview', '/platform#integrations'],
  },
  {
    question: 'Puis-je ouvrir les données dans QGIS ou ArcGIS ?',
    answers: ['/platform#integrations', '/solutions#integrations', '/developers#data'],
  },
  { question: 'Quelles portées ont les jetons de l’API ?', answers: ['/developers#auth'] },
  { question: 'Comment s’authentifier à l’API REST ?', answers: ['/developers#auth', '/developers#api'] },
  { question: 'Avez-vous des webhooks ?', answers: ['/developers#webhooks'] },
  { question: 'Comment vérifier la signature d’un webhook ?', answers: ['/developers#webhooks'] },
  { question: 'Y a-t-il un SDK Python ou JavaScript ?', answers: ['/developers#sdk'] },
  { question: 'Existe-t-il un bac à sable pour tester l’API ?', answers: ['/developers#sandbox'] },
  { question: 'Quelle est la limite de requêtes de l’API ?', answers: ['/developers#api', '/developers#auth'] },
  { question: 'Offrez-vous des stages ?', answers: ['/programs/education#internships', '/programs/education#faq'] },
  {
    question: 'Les stages sont-ils rémunérés ?',
    answers: ['/programs/education#faq', '/programs/education#internships'],
  },
  {
    question: 'Les étudiants ont-ils accès à la plateforme ?',
    answers: ['/programs/education#students', '/programs/education#faq'],
  },
  { question: 'Faites-vous de la modélisation 3D du sous-sol ?', answers: ['/solutions#threed'] },
  {
    question: 'Pouvez-vous aider avec des sols contaminés ?',
    answers: ['/solutions#contamination', '/sectors#environment'],
  },
  {
    question: 'Comment numérisez-vous nos vieux rapports papier ?',
    answers: ['/solutions#digitisation', '/services#capabilities', '/#how'],
  },
  { question: 'Comment m’inscrire sur la plateforme ?', answers: ['/resources#faq', '/register', '/support#faq'] },
  { question: 'Comment créer un compte ?', answers: ['/resources#faq', '/register', '/support#faq'] },
  { question: 'J’ai oublié mon mot de passe, que faire ?', answers: ['/support#faq', '/support#guides', '/login'] },
  {
    question: 'Comment joindre le soutien technique en cas d’incident urgent ?',
    answers: ['/support#contact', '/support#faq'],
  },
  { question: 'Quels témoins (cookies) utilisez-vous ?', answers: ['/legal#cookies'] },
  { question: 'Combien de temps conservez-vous mes données personnelles ?', answers: ['/legal#privacy'] },
  { question: 'Quels sont vos sous-traitants ?', answers: ['/legal#subprocessors'] },
  { question: 'Signez-vous une entente de traitement des données ?', answers: ['/legal#dpa'] },
  { question: 'Quelle est la limite de responsabilité du contrat ?', answers: ['/legal#terms'] },
  { question: 'Quelle loi s’applique au contrat ?', answers: ['/legal#terms'] },
  { question: 'Mes données sont-elles chiffrées ?', answers: ['/legal#security', '/platform#security'] },
  { question: 'Comment se passe le processus d’embauche ?', answers: ['/careers#process'] },
  { question: 'Quels postes recrutez-vous ?', answers: ['/careers#roles'] },
  { question: 'Comment devenir partenaire ?', answers: ['/partners#programs', '/partners#contact', '/partners#why'] },
  { question: 'Puis-je participer au programme bêta ?', answers: ['/research#beta', '/research#participation'] },
  { question: 'Offrez-vous de la formation pour nos équipes ?', answers: ['/services#training'] },
  { question: 'GéoSonde convient-il aux municipalités ?', answers: ['/sectors#municipal', '/#usecases'] },
  { question: 'Quelles sont les prochaines fonctionnalités prévues ?', answers: ['/platform#roadmap'] },
  { question: 'Qui fait partie de l’équipe de GéoSonde ?', answers: ['/about#team'] },
  { question: 'Comment télécharger l’application de bureau ?', answers: ['/softwareinst'] },
];
