type Schema = Record<string, any>;

/** Follows `#/components/...` references inside the contract. */
export function resolveRef(contract: Schema, schema: Schema): Schema {
  let current = schema;
  while (current?.$ref) {
    const path = String(current.$ref).replace(/^#\//, '').split('/');
    current = path.reduce((node: Schema, key) => node[key], contract);
  }
  return current;
}

function firstType(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type: string) => type !== 'null');
  return schema.type;
}

function sampleString(schema: Schema): string {
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T12:00:00.000Z';
  if (schema.format === 'email') return 'sample@example.com';
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.format === 'uuid') return '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  if (schema.pattern === '^[0-9]+$') return sampleDigits(schema.minLength ?? 7, schema.maxLength ?? 19);
  if (schema.pattern) return sampleFromPattern(schema.pattern);
  const length = Math.max(schema.minLength ?? 1, 1);
  return 'x'.repeat(length);
}

/** Digits within the length limits, shaped like a test card number so card fields accept them too. */
function sampleDigits(minLength: number, maxLength: number): string {
  const length = Math.min(Math.max(minLength, 7), maxLength);
  return '4242424242424242424'.slice(0, length);
}

/** The few patterns the contract uses beyond digits: times and dates. */
function sampleFromPattern(pattern: string): string {
  const candidates = ['12:00:00', '12:00', '2026-01-15', '1000001', 'sample', 'a1'];
  const match = candidates.find((candidate) => new RegExp(pattern).test(candidate));
  if (!match) throw new Error(`no sample string matches the pattern ${pattern}; add one to samples.ts`);
  return match;
}

/** A small value that satisfies the schema: required properties only (the first ones more where minProperties asks), one item per array. */
export function sampleValue(contract: Schema, input: Schema): unknown {
  const schema = resolveRef(contract, input);
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: Schema) => sampleValue(contract, part)));
  if (schema.oneOf) return sampleValue(contract, schema.oneOf[0]);
  if (schema.anyOf) return sampleValue(contract, schema.anyOf[0]);
  switch (firstType(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sampleValue(contract, schema.items ?? {}));
    case 'object':
    case undefined: {
      const required: string[] = schema.required ?? [];
      const optional = Object.keys(schema.properties ?? {}).filter((name) => !required.includes(name));
      const names = [...required, ...optional.slice(0, Math.max((schema.minProperties ?? 0) - required.length, 0))];
      return Object.fromEntries(names.map((name) => [name, sampleValue(contract, schema.properties?.[name] ?? {})]));
    }
    default:
      return null;
  }
}
