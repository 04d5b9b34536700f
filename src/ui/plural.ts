const PLURAL_RULES = new Intl.PluralRules('en-US');

/** The word for a count, 'member' or 'members', by the language's plural rules. */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return PLURAL_RULES.select(count) === 'one' ? one : other;
}

/** A count with its word: '1 member', '3 members', '1,200 members'. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${pluralWord(count, one, other)}`;
}
