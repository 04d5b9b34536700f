/** What the contract cannot say about free text: it must not be blank, and PostgreSQL cannot store a NUL character. */
export function textProblem(value: string): 'blank' | 'nul_character' | null {
  if (value.includes('\u0000')) return 'nul_character';
  if (value.trim() === '') return 'blank';
  return null;
}
