import { DEFAULT_SETS, defaultLanguageOf } from '../opt-outs/languages';
import { matchOptWord, wordOf } from './opt-out-words';

describe('opt words per language', () => {
  it('compares whole messages without case, accents, punctuation or extra spaces', () => {
    expect(wordOf('  ¡No   más! ')).toBe('NO MAS');
    expect(wordOf('Arrêt.')).toBe('ARRET');
  });

  it("answers in the number's own language first, then whichever language knows the word", () => {
    expect(matchOptWord('STOP', DEFAULT_SETS, 'es')).toEqual({ kind: 'stop', language: 'es' });
    expect(matchOptWord('baja', DEFAULT_SETS, 'en')).toEqual({ kind: 'stop', language: 'es' });
    expect(matchOptWord('Hilfe', DEFAULT_SETS, 'en')).toEqual({ kind: 'help', language: 'de' });
    expect(matchOptWord('aide', DEFAULT_SETS, 'en')).toEqual({ kind: 'help', language: 'fr' });
    expect(matchOptWord('INFO', DEFAULT_SETS, 'en')).toBeNull();
    expect(matchOptWord('alta', DEFAULT_SETS, 'es')).toEqual({ kind: 'start', language: 'es' });
    expect(matchOptWord('por favor baja el precio', DEFAULT_SETS, 'es')).toBeNull();
    expect(matchOptWord('', DEFAULT_SETS, 'es')).toBeNull();
  });

  it('lets STOP win over START within a language, so a word in both lists never subscribes', () => {
    const sets = { ...DEFAULT_SETS, en: { ...DEFAULT_SETS.en, start_words: ['STOP'] } };
    expect(matchOptWord('stop', sets, 'en')?.kind).toBe('stop');
  });

  it("picks a country's language by default: +34 and +52 Spanish, Brazil Portuguese, the rest English", () => {
    expect(['ES', 'MX', 'BR', 'FR', 'DE', 'US', 'JP', null].map(defaultLanguageOf)).toEqual([
      'es',
      'es',
      'pt',
      'fr',
      'de',
      'en',
      'en',
      'en',
    ]);
  });
});
