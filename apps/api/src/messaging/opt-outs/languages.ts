// The platform's default STOP, HELP and START words and replies in each language, and which language a
// country's numbers are answered in. A company overrides any language's set (opt_out_keyword_sets) and any
// country's language (messaging_settings.country_languages); what it leaves alone comes from here.
import type { OptOutLanguage } from '@smsc/shared-contract';

export interface KeywordSet {
  stop_words: string[];
  help_words: string[];
  start_words: string[];
  stop_reply: string;
  help_reply: string;
  start_reply: string;
}

// INFO is nobody's HELP word: companies run INFO keywords of their own (campaigns/keyword-routes.ts refuses a
// company keyword that is a default opt word).
// STOP is in every set: carriers and handsets teach it everywhere, and a Spanish number that texts STOP is
// still answered in Spanish (the country's language is tried first).
export const DEFAULT_SETS: Record<OptOutLanguage, KeywordSet> = {
  en: {
    stop_words: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'OPT OUT', 'REVOKE'],
    help_words: ['HELP'],
    start_words: ['START', 'UNSTOP', 'YES', 'SUBSCRIBE', 'OPTIN', 'OPT IN'],
    stop_reply:
      'You have been unsubscribed and will receive no more messages from this number. Reply START to subscribe again.',
    help_reply: 'Reply STOP to unsubscribe, START to subscribe again. Message and data rates may apply.',
    start_reply: 'You have been subscribed again. Reply STOP to unsubscribe.',
  },
  es: {
    stop_words: ['STOP', 'BAJA', 'ALTO', 'PARAR', 'CANCELAR', 'DETENER', 'NO MAS', 'NO MÁS'],
    help_words: ['AYUDA'],
    start_words: ['ALTA', 'COMENZAR', 'INICIO', 'SI', 'SÍ', 'SUSCRIBIR'],
    stop_reply:
      'Se ha dado de baja y no recibirá más mensajes de este número. Responda ALTA para volver a suscribirse.',
    help_reply: 'Responda BAJA para darse de baja o ALTA para volver a suscribirse. Pueden aplicarse tarifas.',
    start_reply: 'Se ha suscrito de nuevo. Responda BAJA para darse de baja.',
  },
  fr: {
    stop_words: ['STOP', 'ARRET', 'ARRÊT', 'ARRETER', 'ARRÊTER', 'DESABONNER', 'DÉSABONNER', 'DESINSCRIRE'],
    help_words: ['AIDE'],
    start_words: ['START', 'ABONNER', 'REPRENDRE', 'OUI'],
    stop_reply: 'Vous êtes désabonné et ne recevrez plus de messages de ce numéro. Répondez START pour vous réabonner.',
    help_reply: 'Répondez STOP pour vous désabonner, START pour vous réabonner. Des frais peuvent s’appliquer.',
    start_reply: 'Vous êtes de nouveau abonné. Répondez STOP pour vous désabonner.',
  },
  de: {
    stop_words: ['STOP', 'STOPP', 'ABMELDEN', 'ENDE', 'BEENDEN', 'KUENDIGEN', 'KÜNDIGEN'],
    help_words: ['HILFE'],
    start_words: ['START', 'ANMELDEN', 'JA'],
    stop_reply:
      'Sie wurden abgemeldet und erhalten keine Nachrichten mehr von dieser Nummer. Antworten Sie START, um sich wieder anzumelden.',
    help_reply: 'Antworten Sie STOPP zum Abmelden, START zum erneuten Anmelden. Es können Gebühren anfallen.',
    start_reply: 'Sie sind wieder angemeldet. Antworten Sie STOPP zum Abmelden.',
  },
  pt: {
    stop_words: ['STOP', 'PARAR', 'SAIR', 'CANCELAR', 'DESCADASTRAR', 'REMOVER'],
    help_words: ['AJUDA'],
    start_words: ['INICIAR', 'VOLTAR', 'SIM', 'ASSINAR'],
    stop_reply:
      'Você foi descadastrado e não receberá mais mensagens deste número. Responda INICIAR para voltar a receber.',
    help_reply: 'Responda SAIR para descadastrar ou INICIAR para voltar a receber. Podem ser cobradas tarifas.',
    start_reply: 'Você voltou a receber mensagens. Responda SAIR para descadastrar.',
  },
  it: {
    stop_words: ['STOP', 'BASTA', 'CANCELLA', 'ANNULLA', 'DISISCRIVI'],
    help_words: ['AIUTO'],
    start_words: ['START', 'ISCRIVI', 'RIPRENDI', 'SI', 'SÌ'],
    stop_reply:
      'Sei stato cancellato e non riceverai più messaggi da questo numero. Rispondi START per iscriverti di nuovo.',
    help_reply: 'Rispondi STOP per cancellarti, START per iscriverti di nuovo. Potrebbero essere applicati costi.',
    start_reply: 'Sei di nuovo iscritto. Rispondi STOP per cancellarti.',
  },
};

const COUNTRIES: Record<Exclude<OptOutLanguage, 'en'>, string[]> = {
  es: [
    'ES',
    'MX',
    'AR',
    'CO',
    'CL',
    'PE',
    'VE',
    'EC',
    'GT',
    'CU',
    'BO',
    'DO',
    'HN',
    'PY',
    'SV',
    'NI',
    'CR',
    'PA',
    'UY',
    'GQ',
  ],
  fr: [
    'FR',
    'BE',
    'LU',
    'MC',
    'SN',
    'CI',
    'CM',
    'ML',
    'BF',
    'NE',
    'TG',
    'BJ',
    'GA',
    'CG',
    'CD',
    'MG',
    'HT',
    'RE',
    'GP',
    'MQ',
  ],
  de: ['DE', 'AT', 'CH', 'LI'],
  pt: ['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL'],
  it: ['IT', 'SM', 'VA'],
};

/** A country's language by default (ISO 3166 alpha-2); English where none is listed. */
export const COUNTRY_LANGUAGE: ReadonlyMap<string, OptOutLanguage> = new Map(
  Object.entries(COUNTRIES).flatMap(([lang, isos]) => isos.map((iso) => [iso, lang as OptOutLanguage] as const)),
);

export function defaultLanguageOf(iso2: string | null | undefined): OptOutLanguage {
  return (iso2 && COUNTRY_LANGUAGE.get(iso2.toUpperCase())) || 'en';
}
