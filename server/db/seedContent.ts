import type { Db } from './index.js';

/**
 * Demo content for every building and each of its languages: categories, contents of every kind and state, utility
 * buttons, amenities and the company directory. Images are the SVGs that scripts/contentMedia.ts writes into
 * public/media/content/ from the lists below.
 */

type Text = { en: string; es: string; fr: string };
const t = (en: string, es: string, fr: string): Text => ({ en, es, fr });
/** The text of a building language: es-ES → es, fr-CA → fr, anything else English. */
const pick = (text: Text | undefined, language: string) => (text ? (text[language.split('-')[0] as keyof Text] ?? text.en) : null);

export const MEDIA = '/media/content';

type Kind =
  | {
      type: 'event_post';
      startDays: number;
      hours: number;
      startHour?: number;
      price?: number;
      capacity?: number;
      taken?: number;
      virtual?: boolean;
      ctaUrl?: string;
    }
  | { type: 'offer'; maxTotal?: number; taken?: number; companyOnly?: boolean }
  | { type: 'post'; ctaUrl?: string; ctaType?: string; attach?: Attachment }
  | { type: 'article'; ctaUrl: string };

/** What an INTERNAL_LINK call-to-action leads to: an amenity (by key), a directory company (by name), another content (by key), or the secondary content. */
type Attachment = { amenity: string } | { company: string } | { content: string } | { secondary: true };

export interface SeedContent {
  key: string;
  category: string;
  kind: Kind;
  title: Text;
  subtitle?: Text;
  description: Text;
  cta?: Text;
  atCapacity?: Text;
  promoted?: boolean;
  /** Days from now when it starts being shown (hidden until then). */
  displayInDays?: number;
  tags?: string[];
  /** Background colour of its generated image. */
  hue: number;
}

export const contentCategories = [
  { key: 'this-week', group: 'spotlight', type: 'AudienceContent', name: t('Happening this week', 'Esta semana', 'Cette semaine') },
  { key: 'perks', group: 'spotlight', type: 'AudienceContent', name: t('Perks and offers', 'Ventajas y ofertas', 'Avantages et offres') },
  { key: 'news', group: 'discover', type: 'AudienceContent', name: t('Building news', 'Noticias del edificio', 'Nouvelles de l’immeuble') },
  { key: 'services', group: 'discover', type: 'SecondaryContent', name: t('Services', 'Servicios', 'Services') },
  { key: 'past', group: 'discover', type: 'AudienceContent', name: t('Past events', 'Eventos pasados', 'Événements passés') },
] as const;

export const seedContents: SeedContent[] = [
  {
    key: 'event-yoga',
    category: 'this-week',
    hue: 150,
    kind: { type: 'event_post', startDays: 2, hours: 1, capacity: 20 },
    title: t('Morning yoga on the terrace', 'Yoga matinal en la terraza', 'Yoga matinal sur la terrasse'),
    subtitle: t('Free, mats provided', 'Gratis, con esterillas', 'Gratuit, tapis fournis'),
    description: t(
      '<p>Start the day with a <strong>gentle flow</strong> led by our wellness partner.</p>',
      '<p>Empieza el día con un <strong>flujo suave</strong>.</p>',
      '<p>Commencez la journée par un <strong>flow doux</strong>.</p>',
    ),
    cta: t('RSVP', 'Reservar', 'Réserver'),
    tags: ['Wellness', ' fitness '],
  },
  {
    key: 'event-wine',
    category: 'this-week',
    hue: 340,
    kind: { type: 'event_post', startDays: 4, hours: 2, startHour: 18, price: 25, capacity: 40 },
    title: t('Wine tasting evening', 'Cata de vinos', 'Soirée dégustation de vins'),
    description: t(
      '<p>Six wines from small producers, with cheese.</p>',
      '<p>Seis vinos de pequeños productores, con queso.</p>',
      '<p>Six vins de petits producteurs, avec fromages.</p>',
    ),
    cta: t('Book a seat', 'Reservar plaza', 'Réserver une place'),
    tags: ['social'],
  },
  {
    key: 'event-chef',
    category: 'this-week',
    hue: 30,
    kind: { type: 'event_post', startDays: 3, hours: 2, price: 12.5, capacity: 12, taken: 10 },
    title: t('Chef’s table lunch', 'Almuerzo en la mesa del chef', 'Déjeuner à la table du chef'),
    subtitle: t('Only a few seats left', 'Quedan pocas plazas', 'Il reste peu de places'),
    description: t(
      '<p>A four-course lunch cooked in front of you.</p>',
      '<p>Un almuerzo de cuatro platos.</p>',
      '<p>Un déjeuner en quatre services.</p>',
    ),
    cta: t('RSVP', 'Reservar', 'Réserver'),
    atCapacity: t('Sold out', 'Agotado', 'Complet'),
    tags: ['food'],
  },
  {
    key: 'event-concert',
    category: 'this-week',
    hue: 260,
    kind: { type: 'event_post', startDays: 5, hours: 2, capacity: 3, taken: 3 },
    title: t('Lobby jazz concert', 'Concierto de jazz en el vestíbulo', 'Concert de jazz dans le hall'),
    description: t(
      '<p>A trio plays standards after work.</p>',
      '<p>Un trío toca clásicos después del trabajo.</p>',
      '<p>Un trio joue des standards après le travail.</p>',
    ),
    cta: t('RSVP', 'Reservar', 'Réserver'),
    atCapacity: t('Sold out', 'Agotado', 'Complet'),
    tags: ['social', 'music'],
  },
  {
    key: 'event-marathon',
    category: 'this-week',
    hue: 200,
    kind: { type: 'event_post', startDays: 20, hours: 5, ctaUrl: 'https://tickets.example.com/city-charity-run' },
    title: t('City charity run', 'Carrera solidaria', 'Course caritative'),
    description: t(
      '<p>Join the building team; registration is on the organiser’s site.</p>',
      '<p>Únete al equipo; la inscripción es en la web del organizador.</p>',
      '<p>Rejoignez l’équipe; l’inscription se fait sur le site de l’organisateur.</p>',
    ),
    cta: t('Register', 'Inscribirse', 'S’inscrire'),
    tags: ['fitness'],
  },
  {
    key: 'event-townhall',
    category: 'this-week',
    hue: 220,
    kind: { type: 'event_post', startDays: 6, hours: 1, capacity: 500, virtual: true },
    title: t('Virtual town hall', 'Reunión virtual', 'Assemblée virtuelle'),
    description: t(
      '<p>The building team shares what is coming this quarter.</p>',
      '<p>El equipo del edificio comparte las novedades.</p>',
      '<p>L’équipe de l’immeuble présente les nouveautés.</p>',
    ),
    cta: t('RSVP', 'Reservar', 'Réserver'),
    tags: ['community'],
  },
  {
    key: 'event-past',
    category: 'past',
    hue: 0,
    kind: { type: 'event_post', startDays: -10, hours: 2, capacity: 30 },
    title: t('Spring networking breakfast', 'Desayuno de networking', 'Petit-déjeuner réseautage'),
    description: t('<p>Thanks to everyone who came!</p>', '<p>¡Gracias a todos!</p>', '<p>Merci à tous!</p>'),
    cta: t('RSVP', 'Reservar', 'Réserver'),
    tags: ['community'],
  },
  {
    key: 'offer-cafe',
    category: 'perks',
    hue: 40,
    kind: { type: 'offer', maxTotal: 100 },
    title: t('15% off at the lobby café', '15 % de descuento en la cafetería', '15 % de rabais au café du hall'),
    description: t('<p>Show the claimed offer at the till.</p>', '<p>Muestra la oferta en caja.</p>', '<p>Montrez l’offre à la caisse.</p>'),
    cta: t('Claim', 'Obtener', 'Obtenir'),
    tags: ['food'],
  },
  {
    key: 'offer-gym',
    category: 'perks',
    hue: 100,
    kind: { type: 'offer', maxTotal: 2, taken: 2 },
    title: t('Free gym day pass', 'Pase de gimnasio gratis', 'Laissez-passer gym gratuit'),
    description: t(
      '<p>One day at the partner gym around the corner.</p>',
      '<p>Un día en el gimnasio asociado.</p>',
      '<p>Une journée au gym partenaire.</p>',
    ),
    cta: t('Claim', 'Obtener', 'Obtenir'),
    atCapacity: t('All claimed', 'Agotado', 'Tout est réclamé'),
    tags: ['fitness'],
  },
  {
    key: 'offer-globex',
    category: 'perks',
    hue: 280,
    kind: { type: 'offer', maxTotal: 50, companyOnly: true },
    title: t('Globex team breakfast', 'Desayuno del equipo Globex', 'Petit-déjeuner de l’équipe Globex'),
    description: t('<p>For Globex Corporation staff only.</p>', '<p>Solo para el personal de Globex.</p>', '<p>Réservé au personnel de Globex.</p>'),
    cta: t('Claim', 'Obtener', 'Obtenir'),
    tags: ['food'],
  },
  {
    key: 'post-survey',
    category: 'news',
    hue: 180,
    kind: { type: 'post', ctaUrl: '/mfe-survey/?survey=commute', ctaType: 'MICRO_FRONTEND' },
    title: t('Tell us about your commute', 'Cuéntanos cómo llegas', 'Parlez-nous de votre trajet'),
    description: t(
      '<p>Two questions that help us plan bike racks and shuttles.</p>',
      '<p>Dos preguntas para planificar aparcabicis y lanzaderas.</p>',
      '<p>Deux questions pour planifier supports à vélos et navettes.</p>',
    ),
    cta: t('Take the survey', 'Responder', 'Répondre'),
    tags: ['community'],
  },
  {
    key: 'post-lobby',
    category: 'news',
    hue: 60,
    promoted: true,
    kind: { type: 'post' },
    title: t('The lobby renovation is complete', 'La renovación del vestíbulo ha terminado', 'La rénovation du hall est terminée'),
    subtitle: t('New seating, plants and a coffee bar', 'Nuevos asientos, plantas y una barra de café', 'Nouveaux sièges, plantes et un bar à café'),
    description: t(
      '<p>Come and see the new space on the ground floor.</p>',
      '<p>Ven a ver el nuevo espacio en la planta baja.</p>',
      '<p>Venez voir le nouvel espace au rez-de-chaussée.</p>',
    ),
    tags: ['building'],
  },
  {
    key: 'article-report',
    category: 'news',
    hue: 120,
    kind: { type: 'article', ctaUrl: 'https://example.com/sustainability-report' },
    title: t('Our sustainability report', 'Nuestro informe de sostenibilidad', 'Notre rapport de durabilité'),
    description: t(
      '<p>Energy, water and waste figures for last year.</p>',
      '<p>Cifras de energía, agua y residuos.</p>',
      '<p>Chiffres d’énergie, d’eau et de déchets.</p>',
    ),
    tags: ['building', 'sustainability'],
  },
  {
    key: 'article-drycleaning',
    category: 'services',
    hue: 300,
    kind: { type: 'post' },
    title: t('Dry cleaning pick-up', 'Recogida de tintorería', 'Collecte de nettoyage à sec'),
    description: t(
      '<p>Leave garments at the concierge desk before 10 am.</p>',
      '<p>Deja las prendas en conserjería antes de las 10.</p>',
      '<p>Déposez vos vêtements à la conciergerie avant 10 h.</p>',
    ),
    tags: ['services'],
  },
  {
    key: 'post-fitness',
    category: 'news',
    hue: 160,
    kind: { type: 'post', ctaType: 'INTERNAL_LINK', attach: { amenity: 'fitness' } },
    title: t('New classes at the fitness center', 'Nuevas clases en el gimnasio', 'Nouveaux cours au centre de conditionnement'),
    description: t(
      '<p>Spin, pilates and <strike>boxing</strike> strength classes start next week.</p>',
      '<p>Spinning, pilates y clases de fuerza desde la semana que viene.</p>',
      '<p>Spinning, pilates et musculation dès la semaine prochaine.</p>',
    ),
    cta: t('See the fitness center', 'Ver el gimnasio', 'Voir le centre'),
    tags: ['fitness'],
  },
  {
    key: 'post-neighbours',
    category: 'news',
    hue: 20,
    kind: { type: 'post', ctaType: 'INTERNAL_LINK', attach: { company: 'Acme Analytics' } },
    title: t('Welcome our new neighbours', 'Demos la bienvenida a los nuevos vecinos', 'Bienvenue à nos nouveaux voisins'),
    description: t(
      '<p>Acme Analytics moved in on floor 2.</p>',
      '<p>Acme Analytics se ha instalado en la planta 2.</p>',
      '<p>Acme Analytics s’est installée au niveau 2.</p>',
    ),
    cta: t('Visit their page', 'Ver su página', 'Voir leur page'),
    tags: ['community'],
  },
  {
    key: 'post-yoga-reminder',
    category: 'news',
    hue: 130,
    kind: { type: 'post', ctaType: 'INTERNAL_LINK', attach: { content: 'event-yoga' } },
    title: t('Yoga is back on the terrace', 'Vuelve el yoga a la terraza', 'Le yoga revient sur la terrasse'),
    description: t(
      '<p>Mats are provided; spots are limited.</p>',
      '<p>Hay esterillas; las plazas son limitadas.</p>',
      '<p>Tapis fournis; places limitées.</p>',
    ),
    cta: t('See the event', 'Ver el evento', 'Voir l’événement'),
    tags: ['wellness'],
  },
  {
    key: 'post-services',
    category: 'news',
    hue: 330,
    kind: { type: 'post', ctaType: 'INTERNAL_LINK', attach: { secondary: true } },
    title: t('Services in your building', 'Servicios de tu edificio', 'Les services de votre immeuble'),
    description: t(
      '<p>Dry cleaning, parcels and more, all in one place.</p>',
      '<p>Tintorería, paquetes y más, en un solo lugar.</p>',
      '<p>Nettoyage à sec, colis et plus, au même endroit.</p>',
    ),
    cta: t('Browse services', 'Ver servicios', 'Voir les services'),
    tags: ['services'],
  },
  {
    key: 'post-visitors',
    category: 'services',
    hue: 240,
    kind: { type: 'post', ctaType: 'MICRO_FRONTEND', ctaUrl: '/mfe-visitors/' },
    title: t('Register your guests ahead', 'Registra a tus invitados', 'Inscrivez vos invités à l’avance'),
    description: t(
      '<p>Guests skip the queue at the front desk.</p>',
      '<p>Tus invitados no harán cola en recepción.</p>',
      '<p>Vos invités évitent la file à l’accueil.</p>',
    ),
    cta: t('Register a visitor', 'Registrar visita', 'Inscrire un visiteur'),
    tags: ['services'],
  },
  {
    key: 'post-wallet',
    category: 'services',
    hue: 275,
    kind: { type: 'post', ctaType: 'DEEP_LINK', ctaUrl: 'atrium://wallet/badge' },
    title: t('Your badge in your phone’s wallet', 'Tu credencial en la cartera del móvil', 'Votre badge dans le portefeuille du téléphone'),
    description: t(
      '<p>Open the Atrium app to add your building badge.</p>',
      '<p>Abre la app de Atrium para añadir tu credencial.</p>',
      '<p>Ouvrez l’app Atrium pour ajouter votre badge.</p>',
    ),
    cta: t('Open in the app', 'Abrir en la app', 'Ouvrir dans l’app'),
    tags: ['services'],
  },
  {
    key: 'post-parking',
    category: 'services',
    hue: 210,
    kind: { type: 'post', ctaType: 'NATIVE_LINK', ctaUrl: 'parking' },
    title: t('Reserve a parking spot', 'Reserva una plaza de aparcamiento', 'Réservez une place de stationnement'),
    description: t(
      '<p>Parking reservations are in the mobile app.</p>',
      '<p>Las reservas de aparcamiento están en la app móvil.</p>',
      '<p>Les réservations de stationnement sont dans l’app mobile.</p>',
    ),
    cta: t('Open parking', 'Abrir aparcamiento', 'Ouvrir le stationnement'),
    tags: ['services'],
  },
  {
    key: 'post-holiday',
    category: 'news',
    hue: 10,
    displayInDays: 30,
    kind: { type: 'post' },
    title: t('Holiday party', 'Fiesta de fin de año', 'Fête des fêtes'),
    description: t('<p>Save the date.</p>', '<p>Reserva la fecha.</p>', '<p>Réservez la date.</p>'),
    tags: ['social'],
  },
];

export const amenityCategories = [
  {
    key: 'wellness',
    name: t('Wellness', 'Bienestar', 'Bien-être'),
    amenities: [
      {
        key: 'fitness',
        hue: 140,
        name: t('Fitness center', 'Gimnasio', 'Centre de conditionnement'),
        description: t('Open 6 am to 10 pm on level 2.', 'Abierto de 6 a 22 h en la planta 2.', 'Ouvert de 6 h à 22 h au niveau 2.'),
      },
      {
        key: 'bike-room',
        hue: 90,
        name: t('Bike room', 'Aparcabicis', 'Local à vélos'),
        description: t(
          'Secure storage with a repair stand.',
          'Almacén seguro con banco de reparación.',
          'Rangement sécurisé avec atelier de réparation.',
        ),
      },
      {
        key: 'showers',
        hue: 190,
        name: t('Showers and lockers', 'Duchas y taquillas', 'Douches et casiers'),
        description: t('Towels provided.', 'Toallas incluidas.', 'Serviettes fournies.'),
      },
    ],
  },
  {
    key: 'food',
    name: t('Food and drink', 'Comida y bebida', 'Restauration'),
    amenities: [
      {
        key: 'cafe',
        hue: 30,
        name: t('Lobby café', 'Cafetería', 'Café du hall'),
        description: t('Coffee, pastries and lunch.', 'Café, bollería y almuerzo.', 'Café, viennoiseries et dîner.'),
      },
      {
        key: 'rooftop',
        hue: 50,
        name: t('Rooftop terrace', 'Terraza', 'Terrasse sur le toit'),
        description: t('Open in good weather.', 'Abierta con buen tiempo.', 'Ouverte par beau temps.'),
      },
    ],
  },
  {
    key: 'workspace',
    name: t('Workspace', 'Espacios de trabajo', 'Espaces de travail'),
    amenities: [
      {
        key: 'conference',
        hue: 230,
        name: t('Conference center', 'Centro de conferencias', 'Centre de conférences'),
        description: t('Rooms for 8 to 120 people.', 'Salas para 8 a 120 personas.', 'Salles de 8 à 120 personnes.'),
      },
      {
        key: 'phone-booths',
        hue: 260,
        name: t('Phone booths', 'Cabinas telefónicas', 'Cabines téléphoniques'),
        description: t('Quiet booths on every floor.', 'Cabinas en cada planta.', 'Cabines à chaque étage.'),
      },
    ],
  },
  {
    key: 'services',
    name: t('Services', 'Servicios', 'Services'),
    amenities: [
      {
        key: 'concierge',
        hue: 320,
        name: t('Concierge', 'Conserjería', 'Conciergerie'),
        description: t('At the front desk 7 am to 7 pm.', 'En recepción de 7 a 19 h.', 'À l’accueil de 7 h à 19 h.'),
      },
      {
        key: 'parcels',
        hue: 10,
        name: t('Parcel room', 'Sala de paquetes', 'Salle des colis'),
        description: t('We text you when a parcel arrives.', 'Te avisamos cuando llega un paquete.', 'Nous vous avertissons à l’arrivée d’un colis.'),
      },
    ],
  },
];

export const COMPANY_TYPES = ['tenant', 'retail', 'restaurant', 'service'] as const;
/** 30 directory companies: [name, type, website]. */
export const directoryCompanies: [string, (typeof COMPANY_TYPES)[number], string][] = [
  ['Acme Analytics', 'tenant', 'acme-analytics.example'],
  ['Blue Harbor Legal', 'tenant', 'https://blueharbor.example'],
  ['Cobalt Design Studio', 'tenant', 'cobalt.example'],
  ['Delta Logistics', 'tenant', 'https://delta-logistics.example'],
  ['Evergreen Capital', 'tenant', 'evergreen.example'],
  ['Fjord Software', 'tenant', 'https://fjord.example'],
  ['Granite Insurance', 'tenant', 'granite.example'],
  ['Helix Biotech', 'tenant', 'https://helix.example'],
  ['Ion Energy', 'tenant', 'ion-energy.example'],
  ['Juniper Media', 'tenant', 'https://juniper.example'],
  ['Kestrel Consulting', 'tenant', 'kestrel.example'],
  ['Lumen Architects', 'tenant', 'https://lumen.example'],
  ['Mosaic Health', 'tenant', 'mosaic.example'],
  ['Nimbus Cloud', 'tenant', 'https://nimbus.example'],
  ['Orbit Travel', 'retail', 'orbit.example'],
  ['Pine & Paper', 'retail', 'https://pinepaper.example'],
  ['Quill Bookshop', 'retail', 'quill.example'],
  ['Rover Pet Supplies', 'retail', 'https://rover.example'],
  ['Saffron Kitchen', 'restaurant', 'saffron.example'],
  ['Tidal Sushi', 'restaurant', 'https://tidal.example'],
  ['Umami Noodle Bar', 'restaurant', 'umami.example'],
  ['Verde Salads', 'restaurant', 'https://verde.example'],
  ['Willow Bakery', 'restaurant', 'willow.example'],
  ['Xpress Coffee', 'restaurant', 'https://xpress.example'],
  ['Yarrow Florist', 'service', 'yarrow.example'],
  ['Zenith Dry Cleaning', 'service', 'https://zenith.example'],
  ['Apex Shoe Repair', 'service', 'apex.example'],
  ['Bright Smile Dental', 'service', 'https://brightsmile.example'],
  ['Clearview Optics', 'service', 'clearview.example'],
  ['Dash Couriers', 'service', 'https://dash.example'],
];
/** The floor of the demo directory's company at that index: floors 2 to 21, a few sharing one. */
export const companyFloor = (index: number) => (index % 20) + 2;
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const utilityButtons = [
  { key: 'amenities', utility: 'AMENITIES', type: 'NATIVE', text: t('Amenities', 'Servicios', 'Commodités'), route: 'amenities' },
  {
    key: 'companies',
    utility: 'COMPANIES',
    type: 'NATIVE',
    text: t('Directory', 'Directorio', 'Répertoire'),
    // No company_types: the button opens the whole directory, as every other way in does (a list of types here once
    // left out the portfolio's own company, so the home counted one company fewer; decision NEXT-directory-search).
    route: 'companies',
  },
  {
    key: 'concierge',
    utility: 'CONCIERGE',
    type: 'WEBVIEW',
    text: t('Concierge', 'Conserjería', 'Conciergerie'),
    url: 'https://concierge.example.com',
  },
  {
    key: 'visitors',
    utility: 'VISITOR_REGISTRATION_MINIAPP',
    type: 'MICROFRONTEND',
    text: t('Visitors', 'Visitas', 'Visiteurs'),
    url: '/mfe-visitors/',
    signIn: true,
  },
  { key: 'wallet', utility: 'WALLET', type: 'NATIVELINK', text: t('Wallet', 'Cartera', 'Portefeuille'), mobileOnly: true },
  { key: 'safety', utility: 'SAFETY', type: 'WEBVIEW', text: t('Safety', 'Seguridad', 'Sécurité'), url: 'https://safety.example.com' },
  {
    key: 'satisfaction',
    utility: 'TENANT_SATISFACTION',
    type: 'WEBVIEW',
    text: t('Feedback', 'Opiniones', 'Avis'),
    url: '/mfe-survey/?survey=satisfaction',
  },
  {
    key: 'mobile-access',
    utility: 'MOBILE_ACCESS',
    type: 'NATIVELINK',
    text: t('Mobile access', 'Acceso móvil', 'Accès mobile'),
    mobileOnly: true,
    excluded: true,
  },
  { key: 'lutron', utility: 'LUTRON', type: 'NATIVELINK', text: t('Lighting', 'Iluminación', 'Éclairage'), mobileOnly: true, excluded: true },
] as const;

/** People who fill the nearly full and full events and the offer at its limit (they have no password). */
const NEIGHBOURS = 12;
const neighbourEmail = (n: number) => `neighbour.${String(n).padStart(2, '0')}@community.example`;
const currencyOf = (locale: string) => (locale === 'en-GB' ? 'GBP' : locale.endsWith('-CA') ? 'CAD' : 'USD');

/**
 * `hour` o'clock in the building's time zone, `days` from now: events start at a time of day people keep, whatever
 * time the demo data was seeded (an evening event seeded at night must not run past midnight).
 */
export function atLocal(now: Date, days: number, hour: number, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(now.getTime() + days * 86_400_000),
  );
  const asUtc = Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000;
  // The zone's offset at that moment: what its clock shows for asUtc, less asUtc (twice, in case a DST change lies between).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(new Date(guess))
      .replace(', ', 'T');
    guess = asUtc - (Date.parse(`${shown}:00Z`) - guess);
  }
  return new Date(guess).toISOString();
}

/** A building as its demo content is made for it. */
export interface ContentBuilding {
  id: number;
  name: string;
  locale: string;
  timezone: string;
  address_1: string;
  languages: string[];
}

/** The buildings (every one, or the one of that id) as their demo content is made for them, in id order. */
export const contentBuildings = (db: Db, id?: number) =>
  db.query<ContentBuilding>(
    `SELECT b.id, b.name, b.locale, b.timezone, b.address_1,
            COALESCE((SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id), '{en}') AS languages
       FROM buildings b ${id === undefined ? '' : 'WHERE b.id = $1'} ORDER BY b.id`,
    id === undefined ? [] : [id],
  );

/** Who fills every building's nearly full and full events and its offer at its limit, and the company of company-only offers. */
export interface ContentFillers {
  neighbours: number[];
  globexId: number | null;
}

/** The neighbours (made when missing) and the Globex company, which every building's demo content refers to. */
export async function contentFillers(tx: Db): Promise<ContentFillers> {
  const neighbours: number[] = [];
  for (let n = 1; n <= NEIGHBOURS; n++) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name, confirmed, terms_accepted, created_by) VALUES ($1, 'Neighbour', $2, true, true, 'upload')
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
      [neighbourEmail(n), String(n)],
    );
    neighbours.push(row!.id);
  }
  const [globex] = await tx.query<{ id: number }>(`SELECT id FROM companies WHERE name = 'Globex Corporation' AND building_id IS NULL LIMIT 1`);
  return { neighbours, globexId: globex?.id ?? null };
}

/** Adds the demo content when the content tables are empty (so databases seeded before it get it on next start). */
export async function seedContentData(db: Db, now = new Date()): Promise<boolean> {
  const [existing] = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM contents) + (SELECT count(*) FROM utility_buttons) AS n');
  if (Number(existing?.n) > 0) return false;
  const buildings = await contentBuildings(db);
  if (!buildings.length) return false;
  await db.transaction(async (tx) => {
    const fillers = await contentFillers(tx);
    await tx.query(
      `UPDATE companies c SET company_type = 'property_management', logo_url = p.logo_url, url = 'https://example.com/' || lower(replace(p.name, ' ', '-')),
              description = '<p>Owner and manager of the building.</p>'
         FROM portfolios p WHERE c.portfolio_id = p.id AND c.building_id IS NULL`,
    );
    for (const b of buildings) await seedBuildingContent(tx, b, fillers, now);
  });
  return true;
}

/**
 * The demo content of one building, in each of its languages: its directory companies, utility buttons, amenities,
 * content categories and contents of every kind and state (the seed's for each demo building, and a development
 * tenant's: server/db/seedTenant.ts). Run inside the caller's transaction.
 */
export async function seedBuildingContent(tx: Db, b: ContentBuilding, fillers: ContentFillers, now: Date): Promise<void> {
  const { neighbours, globexId } = fillers;
  const day = 86_400_000;
  const at = (days: number, hours = 0) =>
    new Date(Math.floor((now.getTime() + days * day) / 3_600_000) * 3_600_000 + hours * 3_600_000).toISOString();
  for (const [i, [name, type, url]] of directoryCompanies.entries()) {
    const floor = companyFloor(i);
    // No logo: the app shows the company's initials on the brand's colour (decision NEXT-directory-search).
    await tx.query('INSERT INTO companies (name, building_id, company_type, logo_url, url, description, floor) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      name,
      b.id,
      type,
      null,
      url,
      `<p>${name} is on floor ${floor} of ${b.name}.</p>`,
      floor,
    ]);
  }
  for (const [i, u] of utilityButtons.entries()) {
    const [button] = await tx.query<{ id: number }>(
      `INSERT INTO utility_buttons (building_id, type, utility_name, name, text, url, route, web_image, "order", company_types, sign_in_required, mobile_only, excluded)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        b.id,
        u.type,
        u.utility,
        u.key,
        u.text.en,
        'url' in u ? u.url : null,
        'route' in u ? u.route : null,
        `${MEDIA}/utility-${u.key}.svg`,
        i + 1,
        'companyTypes' in u ? u.companyTypes : null,
        'signIn' in u,
        'mobileOnly' in u,
        'excluded' in u,
      ],
    );
    // The label in each of the building's languages, as its other texts (decision 082).
    for (const language of b.languages) {
      await tx.query('INSERT INTO utility_button_translations (button_id, language, text) VALUES ($1, $2, $3)', [
        button!.id,
        language,
        pick(u.text, language),
      ]);
    }
  }
  for (const [ci, cat] of amenityCategories.entries()) {
    const [row] = await tx.query<{ id: number }>('INSERT INTO amenity_categories (building_id, position) VALUES ($1, $2) RETURNING id', [b.id, ci]);
    for (const lang of b.languages)
      await tx.query('INSERT INTO amenity_category_translations (category_id, language, name) VALUES ($1, $2, $3)', [
        row!.id,
        lang,
        pick(cat.name, lang),
      ]);
    for (const [ai, a] of cat.amenities.entries()) {
      const [am] = await tx.query<{ id: number }>('INSERT INTO amenities (category_id, image_url, position) VALUES ($1, $2, $3) RETURNING id', [
        row!.id,
        `${MEDIA}/amenity-${a.key}.svg`,
        ai,
      ]);
      for (const lang of b.languages) {
        await tx.query('INSERT INTO amenity_translations (amenity_id, language, name, description, image_alt_text) VALUES ($1, $2, $3, $4, $5)', [
          am!.id,
          lang,
          pick(a.name, lang),
          pick(a.description, lang),
          pick(a.name, lang),
        ]);
      }
    }
  }
  const categoryIds = new Map<string, number>();
  for (const [ci, cat] of contentCategories.entries()) {
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO content_categories (building_id, category_group, category_type, position) VALUES ($1, $2, $3, $4) RETURNING id',
      [b.id, cat.group, cat.type, ci],
    );
    categoryIds.set(cat.key, row!.id);
    for (const lang of b.languages)
      await tx.query('INSERT INTO content_category_translations (category_id, language, name) VALUES ($1, $2, $3)', [
        row!.id,
        lang,
        pick(cat.name, lang),
      ]);
  }
  const contentIds = new Map<string, number>();
  for (const [position, c] of seedContents.entries()) {
    const k = c.kind;
    const ctaUrl = k.type === 'article' || k.type === 'post' ? (k.ctaUrl ?? null) : null;
    const ctaType =
      k.type === 'post'
        ? (k.ctaType ?? (k.ctaUrl ? 'EXTERNAL_URL' : null))
        : k.type === 'article'
          ? 'EXTERNAL_URL'
          : k.type === 'offer'
            ? 'CLAIM'
            : null;
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO contents (building_id, category_id, type, image_url, display_start_at, display_calendar_icon, promoted, position, host_company_name,
                             formatted_address, virtual_url, cta_type, cta_url, tags)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        b.id,
        categoryIds.get(c.category),
        k.type,
        `${MEDIA}/${c.key}.svg`,
        c.displayInDays ? at(c.displayInDays) : null,
        k.type === 'event_post',
        c.promoted ?? false,
        position,
        k.type === 'event_post' ? b.name : null,
        k.type === 'event_post' && !k.virtual ? b.address_1 : null,
        k.type === 'event_post' && k.virtual ? 'https://meet.example.com/town-hall' : null,
        ctaType,
        ctaUrl,
        c.tags ?? [],
      ],
    );
    const id = row!.id;
    contentIds.set(c.key, id);
    for (const lang of b.languages) {
      await tx.query(
        `INSERT INTO content_translations (content_id, language, title, subtitle, description_title, description, rich_description, image_alt_text,
                                           directions, virtual_text, cta_label, cta_label_at_capacity)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id,
          lang,
          pick(c.title, lang),
          pick(c.subtitle, lang),
          k.type === 'offer' ? pick(c.title, lang) : null,
          pick(c.description, lang),
          pick(c.description, lang),
          pick(c.title, lang),
          k.type === 'event_post' && !k.virtual ? pick(t('Take the lifts to level 2.', 'Sube a la planta 2.', 'Montez au niveau 2.'), lang) : null,
          k.type === 'event_post' && k.virtual ? pick(t('Online, link sent on RSVP', 'En línea', 'En ligne'), lang) : null,
          pick(c.cta, lang),
          pick(c.atCapacity, lang),
        ],
      );
    }
    if (k.type === 'event_post') {
      await tx.query(
        `INSERT INTO event_details (content_id, start_at, end_at, timezone, price, currency_type, capacity, is_virtual, cta_url, locality)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          atLocal(now, k.startDays, k.startHour ?? 10, b.timezone),
          atLocal(now, k.startDays, (k.startHour ?? 10) + k.hours, b.timezone),
          b.timezone,
          k.price ?? null,
          k.price ? currencyOf(b.locale) : null,
          k.capacity ?? null,
          k.virtual ?? false,
          k.ctaUrl ?? null,
          k.virtual ? null : (b.address_1.split(', ')[1] ?? null),
        ],
      );
      for (const user of neighbours.slice(0, k.taken ?? 0)) await tx.query('INSERT INTO rsvps (content_id, user_id) VALUES ($1, $2)', [id, user]);
    } else if (k.type === 'offer') {
      await tx.query('INSERT INTO offers (content_id, max_claims_total, eligibility, eligible_company_id) VALUES ($1, $2, $3, $4)', [
        id,
        k.maxTotal ?? null,
        k.companyOnly ? 'company' : 'everyone',
        k.companyOnly ? globexId : null,
      ]);
      for (const user of neighbours.slice(0, k.taken ?? 0)) await tx.query('INSERT INTO claims (content_id, user_id) VALUES ($1, $2)', [id, user]);
    }
  }
  for (const c of seedContents) {
    if (c.kind.type !== 'post' || !c.kind.attach) continue;
    const a = c.kind.attach;
    const id = contentIds.get(c.key);
    if ('secondary' in a) await tx.query('UPDATE contents SET attach_secondary_content = true WHERE id = $1', [id]);
    else if ('content' in a)
      await tx.query('UPDATE contents SET attachable_content_uuid = (SELECT uuid FROM contents WHERE id = $2) WHERE id = $1', [
        id,
        contentIds.get(a.content),
      ]);
    else if ('company' in a) {
      await tx.query(
        'UPDATE contents SET attachable_company_uuid = (SELECT uuid FROM companies WHERE building_id = $2 AND name = $3) WHERE id = $1',
        [id, b.id, a.company],
      );
    } else {
      await tx.query(
        `UPDATE contents SET attachable_amenity_uuid = (SELECT a.uuid FROM amenities a JOIN amenity_categories cat ON cat.id = a.category_id
                                                        WHERE cat.building_id = $2 AND a.image_url = $3) WHERE id = $1`,
        [id, b.id, `${MEDIA}/amenity-${a.amenity}.svg`],
      );
    }
  }
}
