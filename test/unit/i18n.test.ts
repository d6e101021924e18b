import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES, matchLocale } from '../../src/i18n/locales';
import { AREAS } from '../../src/i18n/areas';

// Through a variable: Vite rewrites the literal `new URL('…', import.meta.url)` form into a served asset URL (http:, not file:).
const here = import.meta.url;
/** The core catalogues (first load) and one set per area of the screens past sign-in; each obeys the same rules. */
const SETS = [
  { name: 'core', dir: new URL('../../src/i18n/locales/', here) },
  ...AREAS.map((area) => ({ name: `area ${area}`, dir: new URL(`../../src/i18n/areas/${area}/`, here) })),
];

const translated = LOCALES.filter((locale) => locale !== 'en');
/** English variants may legitimately share most of their wording with the source catalogue. */
const englishVariants = new Set<string>(['en-US', 'en-GB']);

const ARGUMENT_TYPES = new Set([TYPE.argument, TYPE.number, TYPE.date, TYPE.time, TYPE.select, TYPE.plural]);

/** The names of the values a message reads, walking into select/plural options and rich-text tags. */
function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (ARGUMENT_TYPES.has(element.type) && 'value' in element && typeof element.value === 'string') names.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) argumentNames(option.value, names);
    }
    if (element.type === TYPE.tag) argumentNames(element.children, names);
  }
  return names;
}

const sorted = (names: Set<string>) => [...names].sort();

describe.each(SETS)('$name catalogues', ({ dir }) => {
  const fileOf = (locale: string) => new URL(`${locale}.json`, dir);
  const readCatalogue = (locale: string) => JSON.parse(readFileSync(fileOf(locale), 'utf8')) as Record<string, string>;
  const english = readCatalogue('en');
  const englishKeys = Object.keys(english);

  it('English parses, every message', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(() => parse(message), key).not.toThrow();
    }
  });

  describe.each(translated)('%s', (locale) => {
    it('exists', () => {
      expect(existsSync(fileOf(locale)), `${locale}.json`).toBe(true);
    });

    // A regional English holds only what differs from the source (it is loaded over it); every other language is whole.
    it(englishVariants.has(locale) ? 'holds only keys of en.json, each different from English' : 'has exactly the keys of en.json', () => {
      const catalogue = readCatalogue(locale);
      const keys = Object.keys(catalogue);
      if (englishVariants.has(locale))
        expect(
          keys.filter((key) => catalogue[key] === english[key]),
          'same as English',
        ).toEqual([]);
      else
        expect(
          englishKeys.filter((key) => !keys.includes(key)),
          'missing keys',
        ).toEqual([]);
      expect(
        keys.filter((key) => !(key in english)),
        'extra keys',
      ).toEqual([]);
    });

    it('has only non-empty string messages that parse as ICU MessageFormat', () => {
      for (const [key, message] of Object.entries(readCatalogue(locale))) {
        expect(typeof message, key).toBe('string');
        expect(message.trim(), key).not.toBe('');
        expect(() => parse(message), `${locale} ${key}: ${message}`).not.toThrow();
      }
    });

    it('uses the same argument names as English in every message', () => {
      const catalogue = readCatalogue(locale);
      for (const key of englishKeys) {
        const message = catalogue[key];
        if (message === undefined) continue; // reported by the key test
        expect(sorted(argumentNames(parse(message))), `${locale} ${key}: ${message}`).toEqual(sorted(argumentNames(parse(english[key]!))));
      }
    });

    // English variants may share most of their wording with the source, so only the other languages are held to it.
    if (!englishVariants.has(locale))
      it('is translated (at least 90% of messages differ from English)', () => {
        const catalogue = readCatalogue(locale);
        const same = englishKeys.filter((key) => catalogue[key] === english[key]);
        if (englishKeys.length === 0) return expect(Object.keys(catalogue)).toEqual([]);
        expect((englishKeys.length - same.length) / englishKeys.length, `identical to English: ${same.join(', ')}`).toBeGreaterThanOrEqual(0.9);
      });
  });
});

/**
 * Decision 082: one register per language, in every catalogue of the language (core and areas, regional ones
 * included). Each language lists the markers of the register it does not use; a message's text (its literals, with
 * each argument kept as `{name}`, through select and plural options) must show none of them. Markers are chosen to be
 * unambiguous: a pronoun or verb form that only the other register uses, an imperative only at the start of a
 * sentence where a noun could be spelt the same.
 */
type Marker = { why: string; pattern: RegExp };
const L = '\\p{L}\\p{M}\\p{N}';
/** Whole words of the alternations in `list` (letters of any script), `flags` besides `u`. */
const words = (why: string, list: string[], flags = 'i'): Marker => ({
  why,
  pattern: new RegExp(`(?<![${L}])(?:${list.join('|')})(?![${L}])`, `u${flags}`),
});
/** Words that begin a sentence (the message's start, after . ! ? : ; or ¿ ¡, or after `lead`), case as written unless `flags`. */
const opening = (why: string, list: string[], { lead = '', flags = '' } = {}): Marker => ({
  why,
  pattern: new RegExp(`(?:^|[.!?:;]\\s+|[¿¡]${lead ? `|${lead}` : ''})(?:${list.join('|')})(?![${L}])`, `u${flags}`),
});

const REGISTERS: Record<string, { register: string; markers: Marker[] }> = {
  es: {
    register: 'tú',
    markers: [
      words('usted', ['usted|ustedes']),
      words('formal imperative or subjunctive', [
        'introduzca|escriba|pulse|haga|toque|seleccione|elija|rellene|compruebe|revise|vuelva|espere|confirme|acepte|utilice',
        'descargue|abra|escanee|inicie|contacte|póngase|pida|solicite|muestre|enseñe|añada|guarde|consulte|indique|necesite',
        'cuéntenos|escríbanos|contáctenos|inténtelo|asegúrese|regístrese|descárguela|ábralo|ábrala|úselo|úsela|revíselo',
      ]),
      words("'su/sus' as 'your'", [
        'sus? (?:solicitud|solicitudes|formularios?|cuenta|contraseña|correo|perfil|tarjetas?|reservas?|código|teléfono|dispositivo',
        'idioma|sesión|historial|plaza|oferta|respuestas|cambios|edificios?|empresa|dirección|nombre|datos|conexión|archivos)',
      ]),
      words("'le' as 'you'", [
        'le (?:responderá|responderemos|enviaremos|enviamos|hemos enviado|rogamos|recomendamos|pedimos|damos|avisaremos|avisamos|ayudaremos|atenderá)',
      ]),
      words("'ha' as 'you have'", ['ha (?:escrito|introducido|elegido|seleccionado|adjuntado)']),
    ],
  },
  it: {
    register: 'tu',
    markers: [
      words("'Lei' and its possessives", ['Lei|Suo|Sua|Suoi|Sue'], ''),
      words("'La/Le' as 'you'", [
        '(?:la|le) (?:diamo|preghiamo|ringraziamo|invitiamo|informiamo|ricordiamo|chiediamo|invieremo|abbiamo inviato|risponderà|risponderemo|contatteremo)',
      ]),
      opening('formal imperative', [
        'Inserisca|Riprovi|Scelga|Tocchi|Prema|Verifichi|Accetti|Crei|Utilizzi|Scarichi|Apra|Scansioni|Inquadri|Compili|Attenda',
        'Selezioni|Acceda|Mostri|Chieda|Segua|Confermi|Scriva|Legga|Torni|Ci dica|Ci scriva|Si rivolga|La usi|La utilizzi|Lo usi',
      ]),
    ],
  },
  nl: { register: 'je', markers: [words("'u/uw'", ['u|uw|uwe'])] },
  pl: {
    register: 'ty',
    markers: [words('Pan/Pani/Państwo', ['pan|pana|panu|panem|pani|panią|państwo|państwa|państwu']), words('impersonal request', ['prosimy|proszę'])],
  },
  nb: {
    register: 'du',
    markers: [words("'Dem/Deres'", ['Dem|Deres'], ''), { why: "'De' as 'you'", pattern: new RegExp(`(?<=[${L},]\\s)De(?![${L}])`, 'u') }],
  },
  fr: {
    register: 'vous',
    markers: [
      words("'tu' and its forms", ['tu|toi|te|ton|ta|tes']),
      { why: "'t’' as 'you'", pattern: new RegExp(`(?<![${L}-])t['’](?=\\p{L})`, 'iu') },
      opening('imperative with tu', [
        'Réessaie|Saisis|Choisis|Vérifie|Appuie|Scanne|Télécharge|Utilise|Indique|Contacte|Réinitialise|Crée|Sélectionne',
        'Remplis|Patiente|Attends|Écris|Installe|Essaie|Dis-nous',
      ]),
    ],
  },
  de: {
    register: 'Sie',
    markers: [
      words("'du' and its forms", ['du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer']),
      words('verb with du', ['kannst|musst|hast|bist|willst|möchtest|wirst|solltest|darfst|brauchst|erhältst|bekommst|siehst|findest|gibst']),
      opening(
        'imperative with du',
        [
          'Versuche|Gib|Wähle|Prüfe|Tippe|Scanne|Öffne|Melde|Bestätige|Zeige|Fülle|Kontaktiere|Schreibe|Erstelle|Nutze|Verwende',
          'Akzeptiere|Warte|Hole|Lade|Probiere|Speichere|Wende',
        ],
        { lead: 'bitte\\s+', flags: 'i' },
      ),
    ],
  },
  pt: {
    register: 'o seu (courteous third person)',
    markers: [
      words("'tu' and its forms", ['tu|te|ti|teu|tua|teus|tuas|contigo']),
      { why: "'-te' as 'you'", pattern: new RegExp(`-te(?![${L}])`, 'iu') },
      words('verb with tu', ['podes|tens|estás|queres|precisas|deves|consegues|recebes|foste|fizeste|escolheste|escreveste|enviaste']),
      opening('imperative with tu', [
        'Introduz|Escolhe|Tenta|Verifica|Aceita|Usa|Utiliza|Cria|Toca|Confirma|Escreve|Descarrega|Abre|Lê|Mostra|Pede|Preenche',
        'Contacta|Volta|Aguarda|Seleciona|Inicia|Diz-nos|Repõe|Instala|Adiciona|Vê',
      ]),
    ],
  },
};

/** What a message shows: its literals, each argument as `{name}`, select and plural options one after another. */
function shownText(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.pound) return '#';
      if (element.type === TYPE.select || element.type === TYPE.plural)
        return Object.values(element.options)
          .map((option) => shownText(option.value))
          .join(' / ');
      if (element.type === TYPE.tag) return shownText(element.children);
      return 'value' in element ? `{${String(element.value)}}` : '';
    })
    .join('');
}

/** The markers of the other register that a text shows. */
const breaches = (language: string, text: string) =>
  (REGISTERS[language]?.markers ?? []).filter(({ pattern }) => pattern.test(text)).map(({ why }) => why);

const languageOf = (locale: string) => locale.split('-')[0]!;

describe('register (decision 082)', () => {
  it('names a register for every translated language', () => {
    const languages = [...new Set(translated.filter((locale) => !englishVariants.has(locale)).map(languageOf))];
    expect(languages.filter((language) => !(language in REGISTERS))).toEqual([]);
  });

  // The markers themselves: each catches a text of the other register and lets the same text in the chosen one pass.
  it.each([
    ['es', 'Elija de qué trata su solicitud.', 'Elige de qué trata tu solicitud.'],
    ['es', 'Cuando haga una solicitud, aparecerá aquí con su estado.', 'Cuando hagas una solicitud, aparecerá aquí con su estado.'],
    ['es', 'Lo que ha escrito y los archivos elegidos siguen aquí.', 'Lo que has escrito y los archivos elegidos siguen aquí.'],
    ['es', 'Nuestro servicio de ayuda le responderá por correo electrónico.', 'Nuestro servicio de ayuda te responderá por correo electrónico.'],
    ['es', '¿Necesita ayuda? Inténtelo de nuevo.', '¿Necesitas ayuda? Inténtalo de nuevo.'],
    ['it', 'Le diamo il benvenuto, {name}', 'Ti diamo il benvenuto, {name}'],
    ['it', 'La password è stata cambiata. La usi al prossimo accesso.', 'La password è stata cambiata. Usala al prossimo accesso.'],
    ['nl', 'Voeg een kaart toe en bekijk uw opgeslagen kaarten', 'Voeg een kaart toe en bekijk je opgeslagen kaarten'],
    ['pl', 'Prosimy wpisać kod.', 'Wpisz kod.'],
    ['nb', 'Skriv inn passordet, så sender vi Dem en kode.', 'Skriv inn passordet, så sender vi deg en kode.'],
    ['fr', 'Vérifie ta connexion et réessaie.', 'Vérifiez votre connexion et réessayez.'],
    [
      'de',
      'Bitte versuche es erneut. Du kannst sie später wieder hinzufügen.',
      'Bitte versuchen Sie es erneut. Sie können sie später wieder hinzufügen.',
    ],
    ['pt', 'Introduz o teu e-mail.', 'Introduza o seu e-mail.'],
  ])('%s: flags "%s", not "%s"', (language, other, chosen) => {
    expect(breaches(language, other)).not.toEqual([]);
    expect(breaches(language, chosen)).toEqual([]);
  });

  describe.each(translated.filter((locale) => !englishVariants.has(locale)))('%s', (locale) => {
    const language = languageOf(locale);
    it(`keeps the ${REGISTERS[language]?.register ?? '(none named)'} register in every catalogue`, () => {
      const found: string[] = [];
      for (const { name, dir } of SETS) {
        const catalogue = JSON.parse(readFileSync(new URL(`${locale}.json`, dir), 'utf8')) as Record<string, string>;
        for (const [key, message] of Object.entries(catalogue)) {
          const why = breaches(language, shownText(parse(message)));
          if (why.length > 0) found.push(`${name} ${key}: "${message}" (${why.join(', ')})`);
        }
      }
      expect(found, `${locale} texts that break the ${REGISTERS[language]?.register} register`).toEqual([]);
    });
  });
});

describe('matchLocale', () => {
  it('matches an exact tag, whatever its case or separator', () => {
    expect(matchLocale('de-DE')).toBe('de-DE');
    expect(matchLocale('de_DE')).toBe('de-DE');
    expect(matchLocale('EN-gb')).toBe('en-GB');
    expect(matchLocale('fr-CA')).toBe('fr-CA');
  });

  it('falls back to the first locale of the same language', () => {
    const firstFrench = LOCALES.find((locale) => locale.startsWith('fr-'));
    expect(firstFrench).toBeDefined();
    expect(matchLocale('fr')).toBe(firstFrench);
    expect(matchLocale('pt-BR')).toBe('pt-PT');
    expect(matchLocale('nb')).toBe('nb-NO');
  });

  it('falls back to English for an unknown or missing tag', () => {
    expect(matchLocale('xx')).toBe('en');
    expect(matchLocale(null)).toBe('en');
    expect(matchLocale(undefined)).toBe('en');
    expect(matchLocale('')).toBe('en');
  });
});
