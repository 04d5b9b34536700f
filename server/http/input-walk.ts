/**
 * Finds the first value in a parsed input (document order) that breaks a rule, and names it the way
 * validation errors do (`members[2].name`). It walks with its own stack, so no input is too deep for it.
 */
export function firstOffendingField(
  input: unknown,
  offends: (value: unknown, key: string | undefined) => boolean,
): string | undefined {
  const pending: Array<{ value: unknown; path: string; key: string | undefined }> = [{ value: input, path: '', key: undefined }];
  while (pending.length > 0) {
    const { value, path, key } = pending.pop()!;
    if (offends(value, key)) return path;
    if (value === null || typeof value !== 'object') continue;
    const children = Array.isArray(value)
      ? value.map((item, index) => ({ value: item, path: `${path}[${index}]`, key: undefined }))
      : Object.entries(value).map(([name, item]) => ({ value: item, path: path ? `${path}.${name}` : name, key: name }));
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]);
  }
  return undefined;
}
