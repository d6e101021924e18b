import type { Db } from './index.js';

/**
 * Emergency management in the demo (decision 192): every building gets its emergency contacts,
 * its procedures and an "Emergency" utility button on its home, in each of its languages. Seeded once, also into a
 * database seeded before it existed; an operator's later changes are left alone.
 */

type Text = { en: string; es: string; fr: string };
const t = (en: string, es: string, fr: string): Text => ({ en, es, fr });
const pick = (text: Text, language: string) => text[language.split('-')[0] as keyof Text] ?? text.en;

const CONTACTS = [
  { name: t('Emergency services', 'Servicios de emergencia', "Services d'urgence"), phone: '911', hours: t('24 hours', '24 horas', '24 heures') },
  {
    name: t('Building security desk', 'Recepción de seguridad', 'Poste de sécurité'),
    phone: '+1 212 555 0100',
    hours: t('24 hours', '24 horas', '24 heures'),
  },
  {
    name: t('Building manager', 'Administración del edificio', "Gestionnaire de l'immeuble"),
    phone: '+1 212 555 0142',
    hours: t('Weekdays 8 am to 6 pm', 'Días laborables de 8 a 18 h', 'En semaine de 8 h à 18 h'),
  },
];

const PROCEDURES = [
  {
    title: t('Fire', 'Incendio', 'Incendie'),
    steps: [
      t(
        'Pull the nearest fire alarm and call 911.',
        'Active la alarma más cercana y llame al 911.',
        "Déclenchez l'alarme la plus proche et composez le 911.",
      ),
      t(
        'Leave by the nearest stairway. Do not use the elevators.',
        'Salga por la escalera más cercana. No use los ascensores.',
        "Sortez par l'escalier le plus proche. N'utilisez pas les ascenseurs.",
      ),
      t(
        'Gather at the assembly point across the street and wait for the floor warden.',
        'Reúnase en el punto de encuentro al otro lado de la calle y espere al responsable de planta.',
        "Rendez-vous au point de rassemblement de l'autre côté de la rue et attendez le responsable d'étage.",
      ),
    ],
  },
  {
    title: t('Medical emergency', 'Emergencia médica', 'Urgence médicale'),
    steps: [
      t('Call 911, then the security desk.', 'Llame al 911 y después a la recepción de seguridad.', 'Composez le 911, puis le poste de sécurité.'),
      t(
        'A defibrillator is at the lobby desk and by every elevator bank.',
        'Hay un desfibrilador en la recepción y junto a cada grupo de ascensores.',
        "Un défibrillateur se trouve à l'accueil et près de chaque batterie d'ascenseurs.",
      ),
      t(
        'Stay with the person until help arrives.',
        'Quédese con la persona hasta que llegue la ayuda.',
        "Restez auprès de la personne jusqu'à l'arrivée des secours.",
      ),
    ],
  },
  {
    title: t('Shelter in place', 'Refugio en el lugar', 'Confinement sur place'),
    steps: [
      t('Stay inside, away from windows.', 'Quédese dentro, lejos de las ventanas.', "Restez à l'intérieur, loin des fenêtres."),
      t(
        'Follow the announcements and the messages of the building manager.',
        'Siga los avisos y los mensajes de la administración del edificio.',
        "Suivez les annonces et les messages du gestionnaire de l'immeuble.",
      ),
    ],
  },
];

const LABEL = t('Emergency', 'Emergencias', 'Urgences');

/** Every building's emergency data and utility, once: when no building has any emergency contact yet. */
export async function seedEmergencyManagement(db: Db): Promise<void> {
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM emergency_contacts');
  if (Number(existing?.n) > 0) return;
  const buildings = await db.query<{ id: number; languages: string[] }>(
    `SELECT b.id, COALESCE((SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id), '{en}') AS languages
       FROM buildings b ORDER BY b.id`,
  );
  await db.transaction(async (tx) => {
    for (const building of buildings) await seedEmergencyManagementOf(tx, building);
  });
}

/** One building's contacts, procedures and "Emergency" utility, in each of its languages. Inside the caller's transaction. */
export async function seedEmergencyManagementOf(tx: Db, building: { id: number; languages: string[] }): Promise<void> {
  for (const language of building.languages) {
    for (const [position, contact] of CONTACTS.entries())
      await tx.query('INSERT INTO emergency_contacts (building_id, language, position, name, phone, hours) VALUES ($1, $2, $3, $4, $5, $6)', [
        building.id,
        language,
        position,
        pick(contact.name, language),
        contact.phone,
        pick(contact.hours, language),
      ]);
    for (const [position, procedure] of PROCEDURES.entries())
      await tx.query('INSERT INTO emergency_procedures (building_id, language, position, title, steps) VALUES ($1, $2, $3, $4, $5)', [
        building.id,
        language,
        position,
        pick(procedure.title, language),
        procedure.steps.map((step) => pick(step, language)),
      ]);
  }
  const [button] = await tx.query<{ id: number }>(
    `INSERT INTO utility_buttons (building_id, type, utility_name, name, text, url, route, web_image, "order", company_types, sign_in_required, mobile_only, excluded)
     VALUES ($1, 'NATIVE', 'EMERGENCY_MANAGEMENT', 'emergency-management', $2, NULL, 'emergency-management', '/media/content/utility-safety.svg', 101, NULL, false, false, false)
     RETURNING id`,
    [building.id, LABEL.en],
  );
  for (const language of building.languages)
    await tx.query('INSERT INTO utility_button_translations (button_id, language, text) VALUES ($1, $2, $3)', [
      button!.id,
      language,
      pick(LABEL, language),
    ]);
}
